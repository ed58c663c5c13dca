/**
 * Google Sheets and Docs URL rules from the specification. The server only ever extracts ids from
 * these; it never fetches a URL as the user typed it.
 */

/** Spec 000 section 5 (inline sheet edit): must begin with Google's spreadsheets address, then /d/{id}. */
const INLINE_EDIT_RULE = /^https:\/\/docs\.google\.com\/spreadsheets\/d\/[A-Za-z0-9_-]+/;

/** Spec 001 section 5 (generator): must contain {host}/spreadsheets and /spreadsheets/d/{id}. */
const GENERATOR_RULE = /docs\.google\.com\/spreadsheets\/d\/([A-Za-z0-9_-]+)/;

/** Spec 001 section 5 (templates): {host}/(document|spreadsheets)/d/{id of 25 or more characters}. */
const DOCS_RULE = /docs\.google\.com\/(?:document|spreadsheets)\/d\/([A-Za-z0-9_-]{25,})/;

/** Empty is allowed (a form without a sheet); otherwise the inline-edit rule applies. */
export function isValidSheetUrlForInlineEdit(url: string): boolean {
  const trimmed = url.trim();
  return trimmed === '' || INLINE_EDIT_RULE.test(trimmed);
}

export function isValidSheetUrlForGenerator(url: string): boolean {
  return GENERATOR_RULE.test(url.trim());
}

/**
 * The URL a form stores for its sheet, whichever screen sent it: Google's https spreadsheets address and
 * nothing else (so a stored link can never be `javascript:` or `data:`). A URL typed without its scheme
 * (`docs.google.com/spreadsheets/d/…`, which the generator's rule lets through) gets `https://`.
 * Undefined when the URL is not a Google Sheets address.
 */
export function storableSheetUrl(url: string): string | undefined {
  const trimmed = url.trim();
  const withScheme = /^docs\.google\.com\//i.test(trimmed) ? `https://${trimmed}` : trimmed;
  return INLINE_EDIT_RULE.test(withScheme) ? withScheme : undefined;
}

/** The spreadsheet id inside a Google Sheets URL, or undefined when there is none. */
export function extractSpreadsheetId(url: string): string | undefined {
  return GENERATOR_RULE.exec(url.trim())?.[1];
}

/** The document id inside a Google Docs (or Sheets) URL accepted as a template source. */
export function extractDocumentId(url: string): string | undefined {
  return DOCS_RULE.exec(url.trim())?.[1];
}

export const SHEET_URL_MESSAGES = {
  generatorInvalid: 'Please enter a valid Google Sheets URL',
  inlineInvalid: 'Invalid Google Sheets URL format',
  docsInvalid: 'Please enter a valid Google Docs URL',
} as const;
