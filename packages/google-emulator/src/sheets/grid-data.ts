import { type Cell, formatValue } from './cells.js';
import { type DataValidationRule, ruleAt } from './data-validation.js';
import { evaluateFormula } from './formula.js';
import type { JsonValue } from './json-value.js';
import type { SheetProperties } from './spreadsheet-model.js';

/** Google's ExtendedValue: one of a string, number, bool or formula (or, as an effective value, an error). */
type ExtendedValue =
  | { stringValue: string }
  | { numberValue: number }
  | { boolValue: boolean }
  | { formulaValue: string }
  | { errorValue: { type: string; message: string } };

/** A CellData with the fields the emulator knows: values and data validation (no formats, notes or links). */
export interface CellData {
  userEnteredValue?: ExtendedValue;
  effectiveValue?: ExtendedValue;
  formattedValue?: string;
  dataValidation?: DataValidationRule;
}

/** Google's GridData for one range of a sheet. Zero starts and empty lists are left out, as in Google's JSON. */
export interface GridData {
  startRow?: number;
  startColumn?: number;
  rowData?: Array<{ values?: CellData[] }>;
  rowMetadata: Array<{ pixelSize: number }>;
  columnMetadata: Array<{ pixelSize: number }>;
}

/** A block of a sheet's grid, 0-based and inclusive (a resolved A1 range or the whole grid). */
export interface GridBlock {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

// Google's default row height and column width, in pixels.
const ROW_PIXELS = 21;
const COLUMN_PIXELS = 100;

/**
 * spreadsheets.get's grid data for one block, as Google answers it: a row per grid row of the block and a
 * cell per column, each cell a CellData. A cell that is empty and has no rule is `{}`; empty cells at the
 * end of a row and empty rows at the end of the block are left out, so rows and cells below or beside
 * the data appear only where a rule reaches (Google keeps a column's validation on every row it covers).
 * Row and column metadata cover the whole block.
 */
export function gridData(sheet: SheetProperties, rows: readonly Cell[][], block: GridBlock): GridData {
  // Cells past the last value and the last rule are empty and would be dropped: they are never built.
  const ruled = sheet.dataValidation ?? [];
  const ruleBottom = Math.max(0, ...ruled.map((range) => range.endRowIndex ?? Number.POSITIVE_INFINITY));
  const ruleRight = Math.max(0, ...ruled.map((range) => range.endColumnIndex ?? Number.POSITIVE_INFINITY));
  const lastRow = Math.min(block.endRow, Math.max(rows.length, ruleBottom) - 1);
  const rowData: Array<{ values?: CellData[] }> = [];
  for (let row = block.startRow; row <= lastRow; row++) {
    const cells = rows[row] ?? [];
    const lastCol = Math.min(block.endCol, Math.max(cells.length, ruleRight) - 1);
    const values: CellData[] = [];
    for (let col = block.startCol; col <= lastCol; col++) {
      values.push(cellData(cells[col] ?? null, ruleAt(sheet.dataValidation, row, col)));
    }
    while (values.length > 0 && isEmptyCellData(values[values.length - 1])) values.pop();
    rowData.push(values.length > 0 ? { values } : {});
  }
  while (rowData.length > 0 && rowData[rowData.length - 1]?.values === undefined) rowData.pop();
  return {
    ...(block.startRow > 0 ? { startRow: block.startRow } : {}),
    ...(block.startCol > 0 ? { startColumn: block.startCol } : {}),
    ...(rowData.length > 0 ? { rowData } : {}),
    rowMetadata: Array.from({ length: block.endRow - block.startRow + 1 }, () => ({ pixelSize: ROW_PIXELS })),
    columnMetadata: Array.from({ length: block.endCol - block.startCol + 1 }, () => ({
      pixelSize: COLUMN_PIXELS,
    })),
  };
}

/** One cell as CellData: what was entered, what it evaluates to, how it reads, and its rule. */
export function cellData(cell: Cell, rule: DataValidationRule | undefined): CellData {
  const data: CellData = {};
  if (cell !== null && cell !== '') {
    const effective = typeof cell === 'object' ? evaluateFormula(cell.f) : cell;
    data.userEnteredValue = typeof cell === 'object' ? { formulaValue: cell.f } : extendedValue(cell);
    data.effectiveValue =
      typeof cell === 'object' && typeof effective === 'string' && effective.startsWith('#')
        ? { errorValue: formulaError(effective) }
        : extendedValue(effective);
    data.formattedValue = formatValue(effective);
  }
  if (rule) data.dataValidation = rule;
  return data;
}

function extendedValue(value: JsonValue): ExtendedValue {
  if (typeof value === 'number') return { numberValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return { stringValue: value };
}

/** The ErrorValue behind an error text the formula evaluator gives. */
function formulaError(text: string): { type: string; message: string } {
  if (text === '#DIV/0!')
    return { type: 'DIVIDE_BY_ZERO', message: 'Function DIVIDE parameter 2 cannot be zero.' };
  if (text === '#NUM!') return { type: 'NUM', message: 'The result is too large or too small.' };
  if (text === '#NAME?') return { type: 'NAME', message: 'Unknown function or range name.' };
  return { type: 'ERROR', message: 'Formula parse error.' };
}

function isEmptyCellData(data: CellData | undefined): boolean {
  return data === undefined || Object.keys(data).length === 0;
}
