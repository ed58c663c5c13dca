/**
 * A1 notation as the Sheets API reads it: `'My Sheet'!A1:Z6`, `Sheet1!1:1`, `A2:F` (open-ended), `Sheet1`
 * (a whole sheet), `A1:B2` (no sheet: the first sheet). Indexes here are 0-based and inclusive; an
 * `undefined` end is open (runs to the edge of the grid).
 */
export interface CellBounds {
  startRow: number;
  startCol: number;
  endRow: number | undefined;
  endCol: number | undefined;
}

/** The result of reading an A1 string, before the spreadsheet's sheets are known. */
export type ParsedA1 =
  /** `Sheet!cells`, or a quoted `'Sheet'` (whole sheet when `bounds` is undefined). */
  | { kind: 'sheet'; sheetName: string; bounds: CellBounds | undefined }
  /**
   * Unquoted text without `!`: a sheet's name if such a sheet exists, otherwise cells of the first sheet
   * (`bounds` is set when the text reads as cells).
   */
  | { kind: 'bare'; text: string; bounds: CellBounds | undefined };

/** Google's limit on columns (ZZZ). */
export const MAX_COLUMNS = 18278;

/** Reads an A1 string; `undefined` means Google would answer "Unable to parse range". */
export function parseA1(text: string): ParsedA1 | undefined {
  if (text === '') return undefined;
  if (text.startsWith("'")) {
    let name = '';
    let index = 1;
    let closed = false;
    while (index < text.length) {
      const char = text[index];
      if (char === "'") {
        // A doubled quote is an apostrophe inside the name; a single one closes it.
        if (text[index + 1] === "'") {
          name += "'";
          index += 2;
          continue;
        }
        closed = true;
        index++;
        break;
      }
      name += char;
      index++;
    }
    if (!closed || name === '') return undefined;
    if (index === text.length) return { kind: 'sheet', sheetName: name, bounds: undefined };
    if (text[index] !== '!') return undefined;
    const bounds = parseCellBounds(text.slice(index + 1));
    return bounds ? { kind: 'sheet', sheetName: name, bounds } : undefined;
  }
  const bang = text.indexOf('!');
  if (bang === -1) return { kind: 'bare', text, bounds: parseCellBounds(text) };
  const sheetName = text.slice(0, bang);
  const bounds = parseCellBounds(text.slice(bang + 1));
  if (sheetName === '' || !bounds) return undefined;
  return { kind: 'sheet', sheetName, bounds };
}

interface CellRef {
  col: number | undefined;
  row: number | undefined;
}

function parseCellRef(text: string): CellRef | undefined {
  const match = /^\$?([A-Za-z]{1,3})?\$?(\d+)?$/.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const col = match[1] === undefined ? undefined : columnIndex(match[1]);
  const row = match[2] === undefined ? undefined : Number(match[2]) - 1;
  if (row !== undefined && (row < 0 || !Number.isSafeInteger(row))) return undefined;
  if (col !== undefined && col >= MAX_COLUMNS) return undefined;
  return { col, row };
}

/** Reads the cells part (`A1`, `A1:B2`, `1:1`, `A:C`, `A2:F`). */
export function parseCellBounds(text: string): CellBounds | undefined {
  const parts = text.split(':');
  if (parts.length > 2) return undefined;
  const start = parseCellRef(parts[0] ?? '');
  if (!start) return undefined;
  if (parts.length === 1) {
    // A single reference must name one cell: "A" or "5" alone is not a range.
    if (start.col === undefined || start.row === undefined) return undefined;
    return { startRow: start.row, startCol: start.col, endRow: start.row, endCol: start.col };
  }
  const end = parseCellRef(parts[1] ?? '');
  if (!end) return undefined;
  let startRow = start.row ?? 0;
  let startCol = start.col ?? 0;
  let endRow = end.row;
  let endCol = end.col;
  if (endRow !== undefined && endRow < startRow) [startRow, endRow] = [endRow, startRow];
  if (endCol !== undefined && endCol < startCol) [startCol, endCol] = [endCol, startCol];
  return { startRow, startCol, endRow, endCol };
}

/** `A` → 0, `Z` → 25, `AA` → 26. */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const char of letters.toUpperCase()) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

/** 0 → `A`, 26 → `AA`. */
export function columnLetters(index: number): string {
  let letters = '';
  let rest = index + 1;
  while (rest > 0) {
    const remainder = (rest - 1) % 26;
    letters = String.fromCharCode(65 + remainder) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/**
 * A sheet name as Google writes it in ranges it returns: bare when it is a plain word that cannot be read
 * as a cell, otherwise quoted with apostrophes doubled (`'My Sheet'`, `'Bob''s'`).
 */
export function quoteSheetName(title: string): string {
  const plain = /^[A-Za-z_][A-Za-z0-9_]*$/.test(title) && !/^[A-Za-z]{1,3}\d+$/.test(title);
  return plain ? title : `'${title.replaceAll("'", "''")}'`;
}

/** `Sheet1!A1:Z6`, or `Sheet1!A1` for a single cell; every bound must be closed. */
export function formatA1(
  title: string,
  bounds: { startRow: number; startCol: number; endRow: number; endCol: number },
): string {
  const start = `${columnLetters(bounds.startCol)}${bounds.startRow + 1}`;
  const end = `${columnLetters(bounds.endCol)}${bounds.endRow + 1}`;
  return `${quoteSheetName(title)}!${start === end ? start : `${start}:${end}`}`;
}

/** The cells part as the caller wrote it, re-assembled for error messages such as "exceeds grid limits". */
export function formatOpenBounds(bounds: CellBounds): string {
  const ref = (col: number | undefined, row: number | undefined) =>
    `${col === undefined ? '' : columnLetters(col)}${row === undefined ? '' : row + 1}`;
  const start = ref(bounds.startCol, bounds.startRow);
  const end = ref(bounds.endCol, bounds.endRow);
  return start === end ? start : `${start}:${end}`;
}
