import { GoogleApiError } from '../google-errors.js';
import type { SheetProperties } from './spreadsheet-model.js';

/**
 * Google's cap on a spreadsheet: 10 million cells, counted over every sheet's grid (empty cells
 * included), so growing any grid (appendDimension, appendCells, values.append, a bigger addSheet or
 * updateSheetProperties) can be refused.
 */
export const MAX_CELLS_PER_SPREADSHEET = 10_000_000;

/** The cells of every grid, as Google counts them against the cap. */
export function gridCells(sheets: readonly Pick<SheetProperties, 'rowCount' | 'columnCount'>[]): number {
  return sheets.reduce((total, sheet) => total + sheet.rowCount * sheet.columnCount, 0);
}

/**
 * Refuses a change that takes the spreadsheet from `before` cells to more than the cap, with Google's
 * 400 (batch requests prefix it, e.g. "Invalid requests[0].appendDimension: "). Shrinking is always
 * allowed.
 */
export function checkCellLimit(before: number, after: number, prefix = ''): void {
  if (after > MAX_CELLS_PER_SPREADSHEET && after > before) {
    throw GoogleApiError.of(
      400,
      `${prefix}This action would increase the number of cells in the workbook above the limit of ${MAX_CELLS_PER_SPREADSHEET} cells.`,
      'INVALID_ARGUMENT',
    );
  }
}

/**
 * appendCells never adds columns: a row wider than the grid is Google's 400, naming the 0-based column
 * it tried and the grid's last one ("Attempting to write column: 26, beyond the last requested column
 * of: 25").
 */
export function checkRowsFitColumns(sheet: SheetProperties, width: number, prefix: string): void {
  if (width > sheet.columnCount) {
    throw GoogleApiError.of(
      400,
      `${prefix}Attempting to write column: ${sheet.columnCount}, beyond the last requested column of: ${sheet.columnCount - 1}`,
      'INVALID_ARGUMENT',
    );
  }
}
