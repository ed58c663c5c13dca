import { SHEET_PREVIEW_ROWS, SHEET_SAMPLE_VALUES, type SheetHeader } from '@sheetforms/contract';
import { NO_SUGGESTION, type TypeSuggestion } from './type-suggestion.js';

export interface ShapedPreview {
  empty: boolean;
  headers: SheetHeader[];
  rows: string[][];
}

/**
 * Turns the header row and the first data rows of a sheet into the generator's preview (spec 001
 * section 9): one header per column (an empty header cell becomes 'Column {n}', n counted from 1),
 * at most 5 data rows padded to the header count, and per header up to 3 sample values, the first
 * non-blank cells of its column in those rows.
 *
 * Google drops trailing blank cells and rows, so the column count is the widest row seen; a column
 * with data but no header cell still becomes a field. Each header proposes text until withSuggestions
 * gives it what the sheet's rules and data say.
 */
export function shapePreview(
  headerRow: readonly string[],
  dataRows: readonly (readonly string[])[],
): ShapedPreview {
  const rows = dropTrailingBlankRows(dataRows.slice(0, SHEET_PREVIEW_ROWS));
  const width = Math.max(trimmedLength(headerRow), ...rows.map(trimmedLength));
  if (width === 0) return { empty: true, headers: [], rows: [] };

  const padded = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
  const headers = Array.from({ length: width }, (_, index): SheetHeader => {
    const name = (headerRow[index] ?? '').trim();
    const sampleData = padded
      .map((row) => row[index] ?? '')
      .filter((value) => value.trim() !== '')
      .slice(0, SHEET_SAMPLE_VALUES);
    return { index, name: name === '' ? `Column ${index + 1}` : name, sampleData, ...NO_SUGGESTION };
  });
  return { empty: false, headers, rows: padded };
}

/** The headers with each column's suggested type (by position; a column without one keeps text). */
export function withSuggestions(
  headers: readonly SheetHeader[],
  suggestions: readonly TypeSuggestion[],
): SheetHeader[] {
  return headers.map((header, index) => ({ ...header, ...(suggestions[index] ?? NO_SUGGESTION) }));
}

/** The length of a row without its trailing blank cells. */
function trimmedLength(row: readonly string[]): number {
  let length = row.length;
  while (length > 0 && (row[length - 1] ?? '').trim() === '') length--;
  return length;
}

function dropTrailingBlankRows(rows: readonly (readonly string[])[]): (readonly string[])[] {
  let length = rows.length;
  while (length > 0 && trimmedLength(rows[length - 1] ?? []) === 0) length--;
  return rows.slice(0, length);
}
