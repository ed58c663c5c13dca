import { extractDocumentId, TEMPLATE_MESSAGES } from '@sheetforms/contract';

/** Where a template's HTML comes from: a Google Doc, or the first sheet of a spreadsheet (as a table). */
export type TemplateSource = { kind: 'document'; id: string } | { kind: 'spreadsheet'; id: string };

/** The source a Docs URL names (spec 001 section 5: /document/d/{id} or /spreadsheets/d/{id}), or null. */
export function templateSourceOf(url: string): TemplateSource | null {
  const id = extractDocumentId(url);
  if (id === undefined) return null;
  return /\/spreadsheets\/d\//.test(url) ? { kind: 'spreadsheet', id } : { kind: 'document', id };
}

/** Add template (spec 001 section 5): both fields, then a valid Docs URL. Null when it may be added. */
export function validateNewTemplate(name: string, url: string): string | null {
  if (name.trim() === '' || url.trim() === '') return TEMPLATE_MESSAGES.bothRequired;
  return templateSourceOf(url) ? null : TEMPLATE_MESSAGES.docsUrlInvalid;
}

/** Edit template: the name may not become empty, and the URL must stay a valid Docs URL. */
export function validateTemplateEdit(name: string, url: string): string | null {
  if (name.trim() === '') return TEMPLATE_MESSAGES.nameEmpty;
  return templateSourceOf(url) ? null : TEMPLATE_MESSAGES.docsUrlInvalid;
}
