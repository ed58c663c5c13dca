import { evaluateFormula } from './formula.js';
import type { JsonValue } from './json-value.js';

/**
 * A stored cell. Formulas are objects so that a RAW string '=1+1' (text) and a USER_ENTERED formula
 * '=1+1' stay different, as in Google. `null` is an empty cell.
 */
export type Cell = null | string | number | boolean | { f: string };

/** A sheet's rows; rows may be shorter than others (missing cells are empty). */
export type Rows = Cell[][];

/** How written values are read (the `valueInputOption` query parameter). */
export type ValueInputOption = 'RAW' | 'USER_ENTERED';

/** How cells are rendered in responses (`valueRenderOption`). */
export type ValueRenderOption = 'FORMATTED_VALUE' | 'UNFORMATTED_VALUE' | 'FORMULA';

/** A value given in a request, or `undefined` to leave the cell as it is (JSON `null`). */
export type InputCell = Cell | undefined;

/**
 * Turns a request value into a cell. JSON `null` means "leave this cell alone" (Google skips it), an empty
 * string clears the cell. USER_ENTERED reads strings as if typed into the UI: `=` starts a formula, a
 * leading `'` forces text, numbers and TRUE/FALSE become typed values. Dates, currencies and percentages
 * stay text (a known difference).
 */
export function inputCell(value: unknown, option: ValueInputOption): InputCell | { invalid: string } {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : { invalid: 'number_value' };
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return { invalid: Array.isArray(value) ? 'list_value' : 'struct_value' };
  if (value === '') return null;
  if (option === 'RAW') return value;
  if (value.startsWith("'")) return value.slice(1) === '' ? null : value.slice(1);
  if (value.startsWith('=') && value.length > 1) return { f: value };
  const trimmed = value.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) return Number(trimmed);
  if (/^true$/i.test(trimmed)) return true;
  if (/^false$/i.test(trimmed)) return false;
  return value;
}

/** Whether a cell holds nothing (empty cells are trimmed from the ends of rows and ranges). */
export function isEmptyCell(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || cell === '';
}

/** Renders a cell the way values.get does for the given option. */
export function renderCell(cell: Cell | undefined, option: ValueRenderOption): JsonValue {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object') {
    if (option === 'FORMULA') return cell.f;
    const result = evaluateFormula(cell.f);
    return option === 'FORMATTED_VALUE' ? formatValue(result) : result;
  }
  return option === 'FORMATTED_VALUE' ? formatValue(cell) : cell;
}

/**
 * Google's "Automatic" number format: integers plain, decimals as needed, TRUE/FALSE for booleans. Numbers
 * show at most 15 significant digits, as in Sheets, so binary noise (0.1 + 0.2) reads 0.3; the unformatted
 * value keeps every digit.
 */
export function formatValue(value: JsonValue): string {
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(Number(value.toPrecision(15))).replace('e', 'E');
  return value;
}

/** The text of a cell for CSV exports and pages (formatted, as a user sees it). */
export function cellText(cell: Cell | undefined): string {
  return String(renderCell(cell, 'FORMATTED_VALUE'));
}

/** Drops the empty cells at the end of a row, as Google does in every response. */
export function trimRow(row: readonly Cell[]): Cell[] {
  let end = row.length;
  while (end > 0 && isEmptyCell(row[end - 1])) end--;
  return row.slice(0, end);
}

/** Whether a row has any non-empty cell between columns `from` and `to` (inclusive). */
export function rowHasData(
  row: readonly Cell[] | undefined,
  from = 0,
  to = Number.POSITIVE_INFINITY,
): boolean {
  if (!row) return false;
  const last = Math.min(to, row.length - 1);
  for (let col = Math.max(0, from); col <= last; col++) if (!isEmptyCell(row[col])) return true;
  return false;
}
