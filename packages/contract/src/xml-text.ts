/**
 * What XML 1.0 does not allow in a document (its Char production): C0 controls other than tab, LF and
 * CR, U+FFFE, U+FFFF, and half of a surrogate pair without its other half. One of them in a cell makes
 * an XLSX sheet a file Excel refuses to open, and Google Sheets keeps it for its own exports to trip on.
 * Matched by UTF-16 code unit (no `u` flag), so a lone half is found where it stands.
 */
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The text without the characters XML 1.0 forbids: what every exported cell (CSV and XLSX) and every
 * cell written to a Google sheet goes through. The characters are dropped, not replaced, since none of
 * them shows as anything a reader could use.
 */
export function withoutXmlForbiddenCharacters(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}
