/**
 * OWASP's CSV injection rule: a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return can
 * be run as a formula by a spreadsheet program, so it gets a leading apostrophe, which those programs
 * show as text. Answers are the respondents' words; the owner opens the file, so every cell is guarded.
 */
export function guardCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, and its quotes doubled. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV record, guarded and quoted, ending in CRLF (RFC 4180). */
export function csvRecord(values: readonly string[]): string {
  return `${values.map((value) => quoteCsvField(guardCsvCell(value))).join(',')}\r\n`;
}
