import { type FormTemplate, HTML_LIMITS } from '@sheetforms/contract';

/**
 * The page size to ask the database for: the requested one, lowered (never below 1) so that the
 * templates' content and a filled copy of the same size fit in a page's template budget. Filling
 * (html-tasks.ts fillPage, on an HTML worker) counts the real filled size and may end the page sooner.
 */
export function boundedPageSize(requested: number, templates: readonly FormTemplate[]): number {
  const perResponse = 2 * templates.reduce((sum, t) => sum + t.content.length, 0);
  if (perResponse === 0) return requested;
  return Math.max(1, Math.min(requested, Math.floor(HTML_LIMITS.pageTemplatesMaxChars / perResponse)));
}
