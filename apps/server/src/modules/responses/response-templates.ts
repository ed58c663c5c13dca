import { type FormField, type FormTemplate, fillTemplate, type TemplateEntry } from '@sheetforms/contract';
import { type ResponseForTemplate, templateValuesFor } from '../templates/template-values.js';

/**
 * Each response of a page carries every template twice (its content and the filled copy), so a form
 * with large templates gets smaller pages: a page's template payload stays under this budget.
 */
export const PAGE_TEMPLATE_BUDGET_BYTES = 4 * 1024 * 1024;

/** The page size to use: the requested one, lowered (never below 1) to keep the template payload bounded. */
export function boundedPageSize(requested: number, templates: readonly FormTemplate[]): number {
  const perResponse = 2 * templates.reduce((sum, t) => sum + Buffer.byteLength(t.content, 'utf8'), 0);
  if (perResponse === 0) return requested;
  return Math.max(1, Math.min(requested, Math.floor(PAGE_TEMPLATE_BUDGET_BYTES / perResponse)));
}

/** formResponseWithTemplate of one response (spec 001 section 3): each template filled with it. */
export function filledTemplates(
  templates: readonly FormTemplate[],
  fields: readonly FormField[],
  response: ResponseForTemplate,
  options: { now: Date; timeZone: string },
): TemplateEntry[] {
  if (templates.length === 0) return [];
  const values = templateValuesFor(fields, response, options);
  return templates.map((template) => ({
    templateId: template.id,
    name: template.name,
    content: template.content,
    contentWithUserResponse: fillTemplate(template.content, values),
  }));
}
