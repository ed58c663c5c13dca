/**
 * OWASP's CSV injection rule: a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return can
 * be run as a formula by a spreadsheet program, so it gets a leading apostrophe, which those programs
 * show as text. Answers are the respondents' words; the owner opens the file, so every cell is guarded.
 */
export function guardCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * Every field is quoted (RFC 4180 allows it), its quotes doubled. Quoting only fields with a comma let
 * `x;=HYPERLINK(…)` through bare, and Excel in a semicolon locale splits it there and runs the second
 * half as a formula. The separator a reader splits on is not a closed list (comma, semicolon, tab, the
 * Arabic semicolon, whatever list separator a Windows user set, the one chosen in an import dialog), and
 * every such program keeps a quoted field whole: quoting all of them closes it for any separator.
 */
export function quoteCsvField(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}

/** One CSV record, each field guarded and quoted, ending in CRLF (RFC 4180). */
export function csvRecord(values: readonly string[]): string {
  return `${values.map((value) => quoteCsvField(guardCsvCell(value))).join(',')}\r\n`;
}
