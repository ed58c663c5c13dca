/**
 * Google Sheets and Docs URL rules from the specification. The server only ever extracts ids from
 * these; it never fetches a URL as the user typed it.
 */

/** Spec 000 section 5 (inline sheet edit): must begin with Google's spreadsheets address, then /d/{id}. */
const INLINE_EDIT_RULE = /^https:\/\/docs\.google\.com\/spreadsheets\/d\/[A-Za-z0-9_-]+/;

/** Spec 001 section 5 (generator): must contain {host}/spreadsheets and /spreadsheets/d/{id}. */
const GENERATOR_RULE = /docs\.google\.com\/spreadsheets\/d\/([A-Za-z0-9_-]+)/;

/**
 * Spec 001 section 5 (templates): {host}/(document|spreadsheets)/d/{id of 25 or more characters}. Held
 * to the whole text: Google's address from the first character (https, http or typed without a scheme),
 * and after the id only its end or what Google puts there (`/edit`, `?usp=sharing`, `#heading=…`), so
 * `javascript:…//docs.google.com/document/d/…` or `https://evil.example/?https://docs.google.com/…` is
 * no Docs URL. Whatever follows the id is dropped when the URL is stored (normalisedDocsUrl).
 */
const DOCS_RULE =
  /^(?:https?:\/\/)?docs\.google\.com\/(document|spreadsheets)\/d\/([A-Za-z0-9_-]{25,})(?:[/?#]\S*)?$/;

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

/** A template's source as its Docs URL names it: a Google document or spreadsheet, and its id. */
export interface DocsUrlSource {
  kind: 'document' | 'spreadsheet';
  id: string;
}

/** The document or spreadsheet a template's Docs URL names, or undefined when it is no such URL. */
export function docsUrlSource(url: string): DocsUrlSource | undefined {
  const match = DOCS_RULE.exec(url.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { kind: match[1] === 'spreadsheets' ? 'spreadsheet' : 'document', id: match[2] };
}

/** The document id inside a Google Docs (or Sheets) URL accepted as a template source. */
export function extractDocumentId(url: string): string | undefined {
  return docsUrlSource(url)?.id;
}

/**
 * The URL a template stores and links to, whatever shape was typed: Google's https edit address of the
 * document or spreadsheet (`https://docs.google.com/document/d/{id}/edit`), built from the id alone, so
 * nothing the user typed around the id is ever stored or put in an href. Undefined for no Docs URL.
 */
export function normalisedDocsUrl(url: string): string | undefined {
  const source = docsUrlSource(url);
  if (!source) return undefined;
  const path = source.kind === 'spreadsheet' ? 'spreadsheets' : 'document';
  return `https://docs.google.com/${path}/d/${source.id}/edit`;
}

export const SHEET_URL_MESSAGES = {
  generatorInvalid: 'Please enter a valid Google Sheets URL',
  inlineInvalid: 'Invalid Google Sheets URL format',
  docsInvalid: 'Please enter a valid Google Docs URL',
} as const;
