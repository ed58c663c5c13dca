import type { FastifyReply, FastifyRequest } from 'fastify';
import { GoogleApiError } from '../google-errors.js';
import { columnLetters, formatA1 } from './a1-range.js';
import type { Rows, ValueInputOption, ValueRenderOption } from './cells.js';
import { insertRowsInValidation } from './data-validation.js';
import { checkCellLimit, gridCells } from './grid-limits.js';
import { type ResolvedRange, resolveRange } from './range-resolution.js';
import { enumParam, openSpreadsheet, queryOf, type SheetsDeps, sendWriteReply } from './sheets-context.js';
import type { SheetProperties, SpreadsheetMeta } from './spreadsheet-model.js';
import { detectTable } from './table-detection.js';
import {
  blockWrite,
  type InputMatrix,
  inputMatrix,
  matrixCellCount,
  matrixWidth,
  readValueRange,
  writtenRange,
} from './values.js';

const RENDER_OPTIONS = ['FORMATTED_VALUE', 'UNFORMATTED_VALUE', 'FORMULA'] as const;
const DIMENSIONS = ['ROWS', 'COLUMNS'] as const;

function readOptions(query: URLSearchParams) {
  return {
    render: enumParam<ValueRenderOption>(
      query,
      'valueRenderOption',
      'value_render_option',
      'ValueRenderOption',
      RENDER_OPTIONS,
      'FORMATTED_VALUE',
    ),
    dimension: enumParam(query, 'majorDimension', 'major_dimension', 'Dimension', DIMENSIONS, 'ROWS'),
  };
}

/** `valueInputOption` is required on writes; Google's message names the proto default when it is missing. */
export function valueInputOption(value: unknown): ValueInputOption {
  if (value === null || value === undefined || value === '' || value === 'INPUT_VALUE_OPTION_UNSPECIFIED') {
    throw GoogleApiError.of(
      400,
      'Invalid valueInputOption: INPUT_VALUE_OPTION_UNSPECIFIED',
      'INVALID_ARGUMENT',
    );
  }
  if (value !== 'RAW' && value !== 'USER_ENTERED') {
    throw GoogleApiError.of(
      400,
      `Invalid value at 'value_input_option' (type.googleapis.com/google.apps.sheets.v4.ValueInputOption), "${String(value)}"`,
      'INVALID_ARGUMENT',
    );
  }
  return value;
}

/** GET /v4/spreadsheets/{id}/values/{range} */
export async function getValues(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
  rangeText: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'read');
  const options = readOptions(queryOf(request));
  const range = resolveRange(meta, rangeText);
  const rows = await deps.store.rows(id, range.sheet.sheetId);
  return reply.send(readValueRange(rows, range, options.render, options.dimension));
}

/** GET /v4/spreadsheets/{id}/values:batchGet?ranges=…&ranges=… */
export async function batchGetValues(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'read');
  const query = queryOf(request);
  const options = readOptions(query);
  const ranges = query.getAll('ranges');
  if (ranges.length === 0) return reply.send({ spreadsheetId: id });
  // Every range is checked before any is read: one bad range fails the whole call.
  const resolved = ranges.map((text) => resolveRange(meta, text));
  const valueRanges = [];
  for (const range of resolved) {
    const rows = await deps.store.rows(id, range.sheet.sheetId);
    valueRanges.push(readValueRange(rows, range, options.render, options.dimension));
  }
  return reply.send({ spreadsheetId: id, valueRanges });
}

/** A checked values.update: the range it writes and the values, ready to apply. */
export interface PlannedUpdate {
  range: ResolvedRange;
  matrix: InputMatrix;
}

/**
 * Checks a values.update before anything is written: the range, and that the values fit the range (when it
 * is more than one cell) and the grid. `prefix` is a batch's "Invalid data[n]: ".
 */
export function planUpdate(
  meta: SpreadsheetMeta,
  rangeText: string,
  matrix: InputMatrix,
  prefix = '',
): PlannedUpdate {
  const range = resolveRange(meta, rangeText, { prefix });
  const height = matrix.length;
  const width = matrixWidth(matrix);
  const { requested, sheet } = range;
  // A single cell only anchors the write (Google writes the whole block from it); a larger range bounds it.
  const anchorOnly = requested.endRow === requested.startRow && requested.endCol === requested.startCol;
  const explicitEndRow = anchorOnly ? undefined : requested.endRow;
  const explicitEndCol = anchorOnly ? undefined : requested.endCol;
  if (explicitEndRow !== undefined && range.startRow + height - 1 > explicitEndRow) {
    throw GoogleApiError.of(
      400,
      `${prefix}Requested writing within range [${rangeText}], but tried writing to row [${range.startRow + height}]`,
    );
  }
  if (explicitEndCol !== undefined && range.startCol + width - 1 > explicitEndCol) {
    throw GoogleApiError.of(
      400,
      `${prefix}Requested writing within range [${rangeText}], but tried writing to column [${columnLetters(range.startCol + width - 1)}]`,
    );
  }
  if (range.startRow + height > sheet.rowCount || range.startCol + width > sheet.columnCount) {
    throw GoogleApiError.of(
      400,
      `${prefix}Range ('${sheet.title}'!${columnLetters(range.startCol)}${range.startRow + 1}:${columnLetters(range.startCol + Math.max(width, 1) - 1)}${range.startRow + Math.max(height, 1)}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`,
    );
  }
  return { range, matrix };
}

/**
 * Writes a planned update into rows already loaded (synchronously, so nothing slips in between) and
 * answers Google's UpdateValuesResponse fields, plus the promise of the write reaching the disk.
 */
export function applyUpdate(deps: SheetsDeps, id: string, plan: PlannedUpdate, rows: Rows) {
  const { range, matrix } = plan;
  const height = matrix.length;
  const written =
    height > 0
      ? deps.store.changeRows(
          id,
          range.sheet.sheetId,
          rows,
          blockWrite(rows, range.startRow, range.startCol, matrix, false),
        )
      : Promise.resolve();
  const result = {
    spreadsheetId: id,
    ...(height > 0
      ? {
          updatedRange: writtenRange(range.sheet.title, range.startRow, range.startCol, matrix),
          updatedRows: height,
          updatedColumns: matrixWidth(matrix),
          updatedCells: matrixCellCount(matrix),
        }
      : {}),
  };
  return { result, written };
}

/**
 * Google refuses a ValueRange whose own `range` differs from the range in the URL (the two are compared as
 * written, so `Sheet1!A1` and `'Sheet1'!A1` differ too). Leaving `range` out of the body is fine.
 */
export function checkBodyRange(body: unknown, rangeText: string): void {
  const bodyRange = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const value = bodyRange.range;
  if (value === undefined || value === null) return;
  if (typeof value !== 'string') {
    throw GoogleApiError.of(
      400,
      `Invalid JSON payload received. Invalid value at 'data.range' (TYPE_STRING), ${JSON.stringify(value)}`,
    );
  }
  if (value !== rangeText) {
    throw GoogleApiError.of(
      400,
      `Request range[${rangeText}] does not match value's range[${value}]`,
      'INVALID_ARGUMENT',
    );
  }
}

/** PUT /v4/spreadsheets/{id}/values/{range}: writes from the range's top-left, within the range and grid. */
export async function updateValues(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
  rangeText: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'write');
  const query = queryOf(request);
  const option = valueInputOption(query.get('valueInputOption'));
  checkBodyRange(request.body, rangeText);
  const plan = planUpdate(meta, rangeText, inputMatrix(request.body, option));
  const rows = await deps.store.rows(id, plan.range.sheet.sheetId);
  const { result, written } = applyUpdate(deps, id, plan, rows);
  await written;
  const { range, matrix } = plan;
  const body = {
    ...result,
    ...(query.get('includeValuesInResponse') === 'true' && matrix.length > 0
      ? {
          updatedData: updatedData(
            rows,
            range.sheet,
            range.startRow,
            range.startCol,
            matrix.length,
            matrixWidth(matrix),
            query,
          ),
        }
      : {}),
  };
  return sendWriteReply(request, reply, deps, body);
}

/**
 * POST /v4/spreadsheets/{id}/values/{range}:append: finds the table in the range (table-detection.ts) and
 * writes after its last row, from its first column. INSERT_ROWS inserts rows (the grid grows by as many);
 * OVERWRITE (the default) writes over whatever is below and grows the grid only past its end.
 */
export async function appendValues(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
  rangeText: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'write');
  const query = queryOf(request);
  const option = valueInputOption(query.get('valueInputOption'));
  checkBodyRange(request.body, rangeText);
  const insertOption = query.get('insertDataOption') ?? 'OVERWRITE';
  if (insertOption !== 'OVERWRITE' && insertOption !== 'INSERT_ROWS') {
    throw GoogleApiError.of(
      400,
      `Invalid value at 'insert_data_option' (type.googleapis.com/google.apps.sheets.v4.InsertDataOption), "${insertOption}"`,
    );
  }
  const range = resolveRange(meta, rangeText, { checkGrid: false });
  const matrix = inputMatrix(request.body, option);
  const rows = await deps.store.rows(id, range.sheet.sheetId);
  const sheet = range.sheet;
  const table = detectTable(rows, range);
  const at = table ? table.bottom + 1 : range.startRow;
  const col = table ? table.left : range.startCol;
  const height = matrix.length;
  const width = matrixWidth(matrix);

  const writes: Array<Promise<void>> = [];
  if (height > 0) {
    const rowCount =
      insertOption === 'INSERT_ROWS'
        ? Math.max(sheet.rowCount + height, at + height)
        : Math.max(sheet.rowCount, at + height);
    const columnCount = Math.max(sheet.columnCount, col + width);
    const others = meta.sheets.filter((other) => other !== sheet);
    checkCellLimit(gridCells(meta.sheets), gridCells([...others, { rowCount, columnCount }]));
    writes.push(
      deps.store.changeRows(
        id,
        sheet.sheetId,
        rows,
        blockWrite(rows, at, col, matrix, insertOption === 'INSERT_ROWS'),
      ),
    );
    if (insertOption === 'INSERT_ROWS' && sheet.dataValidation) {
      // Inserted rows move the rules below them and take the rules of the row above.
      sheet.dataValidation = insertRowsInValidation(sheet.dataValidation, at, height);
    }
    if (rowCount !== sheet.rowCount || columnCount !== sheet.columnCount) {
      sheet.rowCount = rowCount;
      sheet.columnCount = columnCount;
      writes.push(deps.store.saveMeta(id));
    }
  }
  await Promise.all(writes);

  const tableRange = table
    ? writtenRangeOf(sheet.title, table.top, table.left, table.bottom, table.right)
    : undefined;
  const body = {
    spreadsheetId: id,
    ...(tableRange ? { tableRange } : {}),
    updates: {
      spreadsheetId: id,
      ...(height > 0
        ? {
            updatedRange: writtenRange(sheet.title, at, col, matrix),
            updatedRows: height,
            updatedColumns: width,
            updatedCells: matrixCellCount(matrix),
          }
        : {}),
      ...(query.get('includeValuesInResponse') === 'true' && height > 0
        ? { updatedData: updatedData(rows, sheet, at, col, height, width, query) }
        : {}),
    },
  };
  return sendWriteReply(request, reply, deps, body);
}

/** POST /v4/spreadsheets/{id}/values/{range}:clear */
export async function clearValues(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
  rangeText: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'write');
  const range = resolveRange(meta, rangeText);
  const rows = await deps.store.rows(id, range.sheet.sheetId);
  const { clearedRange, written } = clearRange(deps, id, range, rows);
  await written;
  return sendWriteReply(request, reply, deps, { spreadsheetId: id, clearedRange });
}

/** Clears a range's cells in rows already loaded; answers the cleared range and the write's promise. */
export function clearRange(deps: SheetsDeps, id: string, range: ResolvedRange, rows: Rows) {
  const lastRow = Math.min(range.endRow, rows.length - 1);
  let written: Promise<void> = Promise.resolve();
  if (lastRow >= range.startRow) {
    const cleared = rows.slice(range.startRow, lastRow + 1).map((row) => {
      const copy = [...row];
      for (let col = range.startCol; col <= Math.min(range.endCol, copy.length - 1); col++) copy[col] = null;
      return copy;
    });
    written = deps.store.changeRows(id, range.sheet.sheetId, rows, {
      op: 'replace',
      at: range.startRow,
      rows: cleared,
    });
  }
  const clearedRange = writtenRangeOf(
    range.sheet.title,
    range.startRow,
    range.startCol,
    range.endRow,
    range.endCol,
  );
  return { clearedRange, written };
}

function updatedData(
  rows: Parameters<typeof readValueRange>[0],
  sheet: SheetProperties,
  startRow: number,
  startCol: number,
  height: number,
  width: number,
  query: URLSearchParams,
) {
  const render = enumParam<ValueRenderOption>(
    query,
    'responseValueRenderOption',
    'response_value_render_option',
    'ValueRenderOption',
    RENDER_OPTIONS,
    'FORMATTED_VALUE',
  );
  const bounds = {
    startRow,
    startCol,
    endRow: startRow + height - 1,
    endCol: startCol + Math.max(width, 1) - 1,
  };
  return readValueRange(rows, { sheet, requested: bounds, ...bounds }, render, 'ROWS');
}

function writtenRangeOf(title: string, top: number, left: number, bottom: number, right: number): string {
  return formatA1(title, { startRow: top, startCol: left, endRow: bottom, endCol: right });
}
