import { docsUrlSource, TEMPLATE_MESSAGES } from '@sheetforms/contract';

/** Where a template's HTML comes from: a Google Doc, or the first sheet of a spreadsheet (as a table). */
export type TemplateSource = { kind: 'document'; id: string } | { kind: 'spreadsheet'; id: string };

/** The source a Docs URL names (spec 001 section 5: /document/d/{id} or /spreadsheets/d/{id}), or null. */
export function templateSourceOf(url: string): TemplateSource | null {
  return docsUrlSource(url) ?? null;
}

/**
 * The source an import reads, or the spec's reason it cannot (section 8): 'Invalid document URL' for
 * text that is no web address at all, 'Could not extract document ID from URL' for an address that names
 * no Google document. The add and edit forms check the URL first (validateNewTemplate), so this guards
 * the import itself against any other caller.
 */
export function requireTemplateSource(url: string): TemplateSource {
  const source = templateSourceOf(url);
  if (source) return source;
  if (!isWebAddress(url)) throw new Error(TEMPLATE_MESSAGES.invalidDocumentUrl);
  throw new Error(TEMPLATE_MESSAGES.noDocumentId);
}

/** An http(s) address, with or without its scheme (the Docs rule accepts 'docs.google.com/...'). */
function isWebAddress(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return false;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
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
