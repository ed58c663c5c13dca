import { GoogleApiError } from '../google-errors.js';
import { formatA1 } from './a1-range.js';
import {
  type Cell,
  type InputCell,
  inputCell,
  isEmptyCell,
  type Rows,
  renderCell,
  type ValueInputOption,
  type ValueRenderOption,
} from './cells.js';
import type { JsonValue } from './json-value.js';
import type { ResolvedRange } from './range-resolution.js';
import type { RowOp } from './rows-log.js';

/** Google's ValueRange; `values` is left out when the range holds no data. */
export interface ValueRange {
  range: string;
  majorDimension: 'ROWS' | 'COLUMNS';
  values?: JsonValue[][];
}

/** A block of cells to write, rows first; `undefined` cells are left as they are. */
export type InputMatrix = InputCell[][];

/** Reads a range as values.get does: trailing empty cells and rows are dropped, open ends close to the grid. */
export function readValueRange(
  rows: Rows,
  range: ResolvedRange,
  render: ValueRenderOption,
  majorDimension: 'ROWS' | 'COLUMNS',
): ValueRange {
  const lastRow = Math.min(range.endRow, rows.length - 1);
  const block: Cell[][] = [];
  for (let row = range.startRow; row <= lastRow; row++) {
    const cells = rows[row] ?? [];
    const lastCol = Math.min(range.endCol, cells.length - 1);
    const slice: Cell[] = [];
    for (let col = range.startCol; col <= lastCol; col++) slice.push(cells[col] ?? null);
    block.push(slice);
  }
  const oriented = majorDimension === 'ROWS' ? block : transpose(block);
  const values = trimBlock(oriented).map((line) => line.map((cell) => renderCell(cell, render)));
  return {
    range: formatA1(range.sheet.title, range),
    majorDimension,
    ...(values.length > 0 ? { values } : {}),
  };
}

/** Reads a request's `values` (and `majorDimension`) into a rows-first block of cells. */
export function inputMatrix(body: unknown, option: ValueInputOption, prefix = ''): InputMatrix {
  const valueRange = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values = valueRange.values ?? [];
  if (!Array.isArray(values)) {
    throw GoogleApiError.of(
      400,
      `Invalid JSON payload received. Invalid value at '${prefix}values' (type.googleapis.com/google.protobuf.ListValue).`,
    );
  }
  const matrix = values.map((line, i) => {
    if (!Array.isArray(line)) {
      throw GoogleApiError.of(
        400,
        `Invalid JSON payload received. Invalid value at '${prefix}values[${i}]' (type.googleapis.com/google.protobuf.ListValue).`,
      );
    }
    return line.map((value, j) => {
      const cell = inputCell(value, option);
      if (cell !== null && typeof cell === 'object' && 'invalid' in cell) {
        throw GoogleApiError.of(400, `Invalid ${prefix}values[${i}][${j}]: ${cell.invalid}`);
      }
      return cell as InputCell;
    });
  });
  const dimension = valueRange.majorDimension ?? 'ROWS';
  if (dimension !== 'ROWS' && dimension !== 'COLUMNS' && dimension !== 'DIMENSION_UNSPECIFIED') {
    throw GoogleApiError.of(
      400,
      `Invalid value at '${prefix}major_dimension' (type.googleapis.com/google.apps.sheets.v4.Dimension), "${String(dimension)}"`,
    );
  }
  return dimension === 'COLUMNS' ? transpose(matrix) : matrix;
}

/** The widest row of a block. */
export function matrixWidth(matrix: InputMatrix): number {
  return Math.max(0, ...matrix.map((row) => row.length));
}

/** How many values a write carries (Google's `updatedCells`). */
export function matrixCellCount(matrix: InputMatrix): number {
  return matrix.reduce((total, row) => total + row.length, 0);
}

/**
 * The row operation that writes `matrix` with its top-left at (`at`, `col`): inserted as new rows
 * (INSERT_ROWS) or merged over the existing rows (OVERWRITE, values.update). Writing just past the last
 * row is a plain append of lines to the sheet's file.
 */
export function blockWrite(rows: Rows, at: number, col: number, matrix: InputMatrix, insert: boolean): RowOp {
  const merged = matrix.map((values, offset) => {
    const base: Cell[] = insert || at + offset >= rows.length ? [] : [...(rows[at + offset] ?? [])];
    values.forEach((value, j) => {
      if (value === undefined) return;
      while (base.length < col + j) base.push(null);
      base[col + j] = value;
    });
    return base;
  });
  if (at === rows.length) return { op: 'push', rows: merged };
  if (insert && at < rows.length) return { op: 'insert', at, rows: merged };
  return { op: 'replace', at, rows: merged };
}

/** The range a write covered, as in `updatedRange`. */
export function writtenRange(title: string, at: number, col: number, matrix: InputMatrix): string {
  return formatA1(title, {
    startRow: at,
    startCol: col,
    endRow: at + Math.max(1, matrix.length) - 1,
    endCol: col + Math.max(1, matrixWidth(matrix)) - 1,
  });
}

function transpose<T>(block: T[][]): Array<Array<T | null>> {
  const width = Math.max(0, ...block.map((row) => row.length));
  return Array.from({ length: width }, (_, col) => block.map((row) => row[col] ?? null));
}

function trimBlock(block: Array<Array<Cell | undefined>>): Cell[][] {
  const trimmed = block.map((line) => {
    let end = line.length;
    while (end > 0 && isEmptyCell(line[end - 1])) end--;
    return line.slice(0, end).map((cell) => cell ?? null);
  });
  while (trimmed.length > 0 && (trimmed[trimmed.length - 1]?.length ?? 0) === 0) trimmed.pop();
  return trimmed;
}
