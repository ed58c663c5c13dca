/**
 * A1 notation helpers. Sheet titles are always quoted, with any apostrophe doubled, so titles with
 * spaces, punctuation or digits ("Bob's Sheet", "2024") can never be read as cell references.
 */
export function quoteSheetName(title: string): string {
  return `'${title.replaceAll("'", "''")}'`;
}

/** `'Sheet'!A1:B2`, or just the quoted sheet (the whole sheet) when no cells are given. */
export function a1Range(sheetTitle: string, cells?: string): string {
  const sheet = quoteSheetName(sheetTitle);
  return cells ? `${sheet}!${cells}` : sheet;
}

/** 1 → A, 26 → Z, 27 → AA, 18278 → ZZZ. */
export function columnLetter(columnNumber: number): string {
  if (!Number.isInteger(columnNumber) || columnNumber < 1) {
    throw new RangeError(`column number must be a positive integer, got ${columnNumber}`);
  }
  let n = columnNumber;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * The first row number of a range Google answered, e.g. 42 for `'My Sheet'!A42:F42` or `Sheet1!A42`.
 * Undefined when the range names no row (a whole-column range such as `Sheet1!A:B`).
 */
export function firstRowOfRange(range: string): number | undefined {
  const bang = range.lastIndexOf('!');
  const cells = bang === -1 ? range : range.slice(bang + 1);
  const match = /^\$?[A-Za-z]*\$?(\d+)/.exec(cells);
  return match?.[1] ? Number(match[1]) : undefined;
}
