import type { FastifyReply, FastifyRequest } from 'fastify';
import { GoogleApiError } from '../google-errors.js';
import { type Cell, inputCell, type Rows } from './cells.js';
import { clipValidation } from './data-validation.js';
import { parseFieldMask } from './field-mask.js';
import { checkCellLimit, checkRowsFitColumns, gridCells } from './grid-limits.js';
import { setDataValidation } from './set-data-validation.js';
import { openSpreadsheet, type SheetsDeps, sendWriteReply } from './sheets-context.js';
import {
  DEFAULT_COLUMN_COUNT,
  DEFAULT_ROW_COUNT,
  newSheetId,
  type SheetProperties,
  type SpreadsheetMeta,
} from './spreadsheet-model.js';

type RequestBody = Record<string, unknown>;

/** A change planned by the validation pass, applied only when every request of the batch is valid. */
type PlannedWrite = { kind: 'appendCells'; sheetId: number; rows: Rows };

/**
 * POST /v4/spreadsheets/{id}:batchUpdate with addSheet, appendCells, appendDimension, updateSheetProperties,
 * deleteSheet and setDataValidation. As in Google the batch is atomic: every request is checked (against the sheets as the
 * earlier requests leave them) before anything changes; one invalid request fails the whole batch.
 */
export async function batchUpdateSpreadsheet(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'write');
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as RequestBody;
  const requests = body.requests;
  if (!Array.isArray(requests) || requests.length === 0) {
    throw GoogleApiError.of(400, 'Must specify at least one request.');
  }
  // Rows that appendCells will extend are loaded first, so that checking and applying the batch below runs
  // without a pause in which another request could change the spreadsheet.
  const loaded = new Map<number, Rows>();
  for (const entry of requests) {
    const sheetId = ((entry as RequestBody | null)?.appendCells as RequestBody | undefined)?.sheetId ?? 0;
    if (
      typeof sheetId === 'number' &&
      meta.sheets.some((sheet) => sheet.sheetId === sheetId) &&
      !loaded.has(sheetId)
    ) {
      loaded.set(sheetId, await deps.store.rows(id, sheetId));
    }
  }
  const draft: SheetProperties[] = structuredClone(meta.sheets);
  const replies: unknown[] = [];
  const writes: PlannedWrite[] = [];
  requests.forEach((entry, index) => {
    const cellsBefore = gridCells(draft);
    const keys = typeof entry === 'object' && entry !== null ? Object.keys(entry) : [];
    const kind = keys[0];
    if (keys.length !== 1 || kind === undefined) {
      throw GoogleApiError.of(400, `Invalid requests[${index}]: No request set.`);
    }
    const payload = ((entry as RequestBody)[kind] ?? {}) as RequestBody;
    const prefix = `Invalid requests[${index}].${kind}: `;
    switch (kind) {
      case 'addSheet':
        replies.push({ addSheet: { properties: sheetResource(addSheet(draft, payload, prefix)) } });
        break;
      case 'appendCells':
        writes.push(appendCells(draft, payload, prefix, loaded, writes));
        replies.push({});
        break;
      case 'appendDimension':
        appendDimension(draft, payload, prefix);
        replies.push({});
        break;
      case 'updateSheetProperties':
        updateSheetProperties(draft, payload, prefix);
        replies.push({});
        break;
      case 'deleteSheet':
        deleteSheet(draft, payload, prefix);
        replies.push({});
        break;
      case 'setDataValidation':
        setDataValidation(draft, payload, prefix, index);
        replies.push({});
        break;
      default:
        throw GoogleApiError.of(
          400,
          `Invalid JSON payload received. Unknown name "${kind}" at 'requests[${index}]': Cannot find field.`,
        );
    }
    checkCellLimit(cellsBefore, gridCells(draft), prefix);
  });

  await apply(deps, meta, draft, writes, loaded);
  return sendWriteReply(request, reply, deps, {
    spreadsheetId: id,
    replies,
    ...(body.includeSpreadsheetInResponse === true
      ? {
          updatedSpreadsheet: {
            spreadsheetId: id,
            properties: { title: meta.title },
            sheets: meta.sheets.map((sheet) => ({ properties: sheetResource(sheet) })),
          },
        }
      : {}),
  });
}

/** A sheet's properties as the API shows them. */
export function sheetResource(sheet: SheetProperties) {
  return {
    sheetId: sheet.sheetId,
    title: sheet.title,
    index: sheet.index,
    sheetType: 'GRID',
    gridProperties: {
      rowCount: sheet.rowCount,
      columnCount: sheet.columnCount,
      ...(sheet.frozenRowCount ? { frozenRowCount: sheet.frozenRowCount } : {}),
    },
  };
}

function addSheet(draft: SheetProperties[], payload: RequestBody, prefix: string): SheetProperties {
  const properties = (payload.properties ?? {}) as RequestBody;
  const grid = (properties.gridProperties ?? {}) as RequestBody;
  const taken = new Set(draft.map((sheet) => sheet.sheetId));
  let title = typeof properties.title === 'string' ? properties.title : undefined;
  if (title === undefined) {
    let number = draft.length + 1;
    while (draft.some((sheet) => sheet.title.toLowerCase() === `sheet${number}`)) number++;
    title = `Sheet${number}`;
  }
  if (title.trim() === '') throw GoogleApiError.of(400, `${prefix}Sheet title cannot be empty.`);
  if (draft.some((sheet) => sheet.title.toLowerCase() === title.toLowerCase())) {
    throw GoogleApiError.of(
      400,
      `${prefix}A sheet with the name "${title}" already exists. Please enter another name.`,
    );
  }
  let sheetId: number;
  if (properties.sheetId !== undefined) {
    if (!Number.isInteger(properties.sheetId) || (properties.sheetId as number) < 0) {
      throw GoogleApiError.of(400, `${prefix}Invalid sheetId: ${String(properties.sheetId)}`);
    }
    sheetId = properties.sheetId as number;
    if (taken.has(sheetId)) {
      throw GoogleApiError.of(400, `${prefix}Sheet with id ${sheetId} already exists.`);
    }
  } else {
    sheetId = newSheetId(taken);
  }
  const index =
    typeof properties.index === 'number' && Number.isInteger(properties.index)
      ? Math.min(Math.max(0, properties.index), draft.length)
      : draft.length;
  const sheet: SheetProperties = {
    sheetId,
    title,
    index,
    rowCount: positiveOr(grid.rowCount, DEFAULT_ROW_COUNT, `${prefix}Invalid gridProperties.rowCount`),
    columnCount: positiveOr(
      grid.columnCount,
      DEFAULT_COLUMN_COUNT,
      `${prefix}Invalid gridProperties.columnCount`,
    ),
    ...(typeof grid.frozenRowCount === 'number' && grid.frozenRowCount > 0
      ? { frozenRowCount: grid.frozenRowCount }
      : {}),
  };
  for (const other of draft) if (other.index >= index) other.index++;
  draft.push(sheet);
  return sheet;
}

/**
 * Plans an appendCells: rows go after the sheet's last row with data (and after rows earlier requests of
 * the batch append), inserting grid rows as needed; a row wider than the grid is refused, as Google
 * adds no columns here.
 */
function appendCells(
  draft: SheetProperties[],
  payload: RequestBody,
  prefix: string,
  loaded: ReadonlyMap<number, Rows>,
  planned: readonly PlannedWrite[],
): PlannedWrite {
  const sheet = findSheet(draft, payload.sheetId, prefix);
  if (typeof payload.fields !== 'string' || payload.fields === '') {
    throw GoogleApiError.of(400, `${prefix}At least one field must be specified in 'fields'.`);
  }
  if (!Array.isArray(payload.rows)) return { kind: 'appendCells', sheetId: sheet.sheetId, rows: [] };
  const rows = payload.rows.map((row, i) => {
    const values = ((row ?? {}) as RequestBody).values;
    if (values === undefined) return [];
    if (!Array.isArray(values)) throw GoogleApiError.of(400, `${prefix}Invalid rows[${i}].values`);
    return values.map((value, j) => cellData(value, `${prefix}rows[${i}].values[${j}]`));
  });
  checkRowsFitColumns(
    sheet,
    rows.reduce((widest, row) => Math.max(widest, row.length), 0),
    prefix,
  );
  const earlier = planned
    .filter((write) => write.sheetId === sheet.sheetId)
    .reduce((count, write) => count + write.rows.length, 0);
  const at = lastRowWithData(loaded.get(sheet.sheetId) ?? []) + earlier;
  sheet.rowCount = Math.max(sheet.rowCount, at + rows.length);
  return { kind: 'appendCells', sheetId: sheet.sheetId, rows };
}

/** The number of rows up to the last one with data (trailing empty rows do not count). */
function lastRowWithData(rows: Rows): number {
  let at = rows.length;
  while (at > 0 && (rows[at - 1]?.length ?? 0) === 0) at--;
  return at;
}

/** A CellData's `userEnteredValue` (ExtendedValue): string, number, bool or formula. */
function cellData(value: unknown, where: string): Cell {
  const entered = ((value ?? {}) as RequestBody).userEnteredValue as RequestBody | undefined;
  if (!entered) return null;
  if (typeof entered.stringValue === 'string') return entered.stringValue === '' ? null : entered.stringValue;
  if (typeof entered.numberValue === 'number') return entered.numberValue;
  if (typeof entered.boolValue === 'boolean') return entered.boolValue;
  if (typeof entered.formulaValue === 'string') {
    const cell = inputCell(entered.formulaValue, 'USER_ENTERED');
    return cell === undefined || (typeof cell === 'object' && cell !== null && 'invalid' in cell)
      ? null
      : cell;
  }
  if (Object.keys(entered).length === 0) return null;
  throw GoogleApiError.of(400, `Invalid value at '${where}.userEnteredValue'`);
}

function appendDimension(draft: SheetProperties[], payload: RequestBody, prefix: string) {
  const sheet = findSheet(draft, payload.sheetId, prefix);
  const length = payload.length;
  if (!Number.isInteger(length) || (length as number) < 1) {
    throw GoogleApiError.of(400, `${prefix}length must be positive`);
  }
  if (payload.dimension === 'ROWS') sheet.rowCount += length as number;
  else if (payload.dimension === 'COLUMNS') sheet.columnCount += length as number;
  else throw GoogleApiError.of(400, `${prefix}dimension must be ROWS or COLUMNS`);
}

/**
 * updateSheetProperties with Google's field mask, relative to `properties`: `*` sets every property given,
 * `title`, `index` (in "before the move" positions, as Google counts), `gridProperties` or its
 * `rowCount`, `columnCount` and `frozenRowCount`, in either `.` or `/` form.
 */
function updateSheetProperties(draft: SheetProperties[], payload: RequestBody, prefix: string) {
  const properties = (payload.properties ?? {}) as RequestBody;
  const sheet = findSheet(draft, properties.sheetId ?? 0, prefix);
  if (typeof payload.fields !== 'string' || payload.fields.trim() === '') {
    throw GoogleApiError.of(400, `${prefix}At least one field must be specified in 'fields'.`);
  }
  const mask = parseFieldMask(payload.fields);
  if (!mask) throw GoogleApiError.of(400, `${prefix}Invalid field mask: ${payload.fields}`);
  const all = mask.get('*') === true;
  const given = (name: string) => all || mask.has(name);
  for (const name of mask.keys()) {
    if (!['*', 'sheetId', 'title', 'index', 'gridProperties'].includes(name)) {
      throw GoogleApiError.of(400, `${prefix}The emulator cannot update the field '${name}'.`);
    }
  }
  const grid = (properties.gridProperties ?? {}) as RequestBody;
  const gridMask = mask.get('gridProperties');
  const gridField = (name: string) =>
    all
      ? grid[name] !== undefined
      : gridMask === true
        ? true
        : gridMask !== undefined && (gridMask.get('*') === true || gridMask.has(name));
  if (gridMask !== undefined && gridMask !== true) {
    for (const name of gridMask.keys()) {
      if (!['*', 'rowCount', 'columnCount', 'frozenRowCount'].includes(name)) {
        throw GoogleApiError.of(
          400,
          `${prefix}The emulator cannot update the field 'gridProperties.${name}'.`,
        );
      }
    }
  }

  if (given('title') && (!all || properties.title !== undefined)) {
    const title = String(properties.title ?? '');
    if (title.trim() === '') throw GoogleApiError.of(400, `${prefix}Sheet title cannot be empty.`);
    if (draft.some((other) => other !== sheet && other.title.toLowerCase() === title.toLowerCase())) {
      throw GoogleApiError.of(
        400,
        `${prefix}A sheet with the name "${title}" already exists. Please enter another name.`,
      );
    }
    sheet.title = title;
  }
  if (given('index') && (!all || properties.index !== undefined)) {
    moveSheet(draft, sheet, properties.index ?? 0, prefix);
  }
  if (gridField('rowCount')) {
    sheet.rowCount = positiveOr(grid.rowCount, sheet.rowCount, `${prefix}Invalid rowCount`);
  }
  if (gridField('columnCount')) {
    sheet.columnCount = positiveOr(grid.columnCount, sheet.columnCount, `${prefix}Invalid columnCount`);
  }
  if (gridField('frozenRowCount')) {
    const frozen = grid.frozenRowCount ?? 0;
    if (!Number.isInteger(frozen) || (frozen as number) < 0) {
      throw GoogleApiError.of(400, `${prefix}Invalid frozenRowCount`);
    }
    if ((frozen as number) > 0) sheet.frozenRowCount = frozen as number;
    else delete sheet.frozenRowCount;
  }
  // Rules on rows or columns the grid no longer has go with them.
  const clipped = clipValidation(sheet.dataValidation, sheet.rowCount, sheet.columnCount);
  if (clipped && clipped.length > 0) sheet.dataValidation = clipped;
  else delete sheet.dataValidation;
}

/**
 * Moves a sheet to `index`, counted as Google does "before the move": with sheets S1, S2, S3, moving S1
 * after S2 takes index 2.
 */
function moveSheet(draft: SheetProperties[], sheet: SheetProperties, index: unknown, prefix: string) {
  if (!Number.isInteger(index) || (index as number) < 0) {
    throw GoogleApiError.of(400, `${prefix}Invalid index: ${String(index)}`);
  }
  const order = [...draft].sort((a, b) => a.index - b.index).filter((other) => other !== sheet);
  const current = sheet.index;
  const target = (index as number) > current ? (index as number) - 1 : (index as number);
  order.splice(Math.min(target, order.length), 0, sheet);
  order.forEach((other, position) => {
    other.index = position;
  });
}

function deleteSheet(draft: SheetProperties[], payload: RequestBody, prefix: string) {
  const sheet = findSheet(draft, payload.sheetId, prefix);
  if (draft.length === 1) {
    throw GoogleApiError.of(400, `${prefix}You can't remove all the sheets in a document.`);
  }
  draft.splice(draft.indexOf(sheet), 1);
  for (const other of draft) if (other.index > sheet.index) other.index--;
}

function findSheet(draft: SheetProperties[], sheetId: unknown, prefix: string): SheetProperties {
  const id = sheetId ?? 0;
  const sheet = draft.find((candidate) => candidate.sheetId === id);
  if (!sheet) throw GoogleApiError.of(400, `${prefix}No grid with id: ${String(id)}`);
  return sheet;
}

function positiveOr(value: unknown, fallback: number, message: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || (value as number) < 1) throw GoogleApiError.of(400, message);
  return value as number;
}

/** Applies a validated batch: sheet properties, then appended cells (after each sheet's last row with data). */
function apply(
  deps: SheetsDeps,
  meta: SpreadsheetMeta,
  draft: SheetProperties[],
  writes: PlannedWrite[],
  loaded: Map<number, Rows>,
): Promise<unknown> {
  const pending: Array<Promise<void>> = [];
  const kept = new Set(draft.map((sheet) => sheet.sheetId));
  for (const sheet of meta.sheets) {
    if (!kept.has(sheet.sheetId)) pending.push(deps.store.dropSheet(meta.spreadsheetId, sheet.sheetId));
  }
  const existing = new Set(meta.sheets.map((sheet) => sheet.sheetId));
  meta.sheets = draft.sort((a, b) => a.index - b.index);
  for (const sheet of meta.sheets) {
    // A sheet added by this batch has no cells; its (empty) rows are known without reading a file.
    if (!existing.has(sheet.sheetId))
      loaded.set(sheet.sheetId, deps.store.startEmptySheet(meta.spreadsheetId, sheet.sheetId));
  }
  for (const write of writes) {
    const rows = loaded.get(write.sheetId);
    const sheet = meta.sheets.find((candidate) => candidate.sheetId === write.sheetId);
    if (!rows || !sheet || write.rows.length === 0) continue;
    // Trailing empty rows do not count: appendCells goes after the last row with data.
    const at = lastRowWithData(rows);
    const op =
      at === rows.length
        ? ({ op: 'push', rows: write.rows } as const)
        : ({ op: 'replace', at, rows: write.rows } as const);
    pending.push(deps.store.changeRows(meta.spreadsheetId, write.sheetId, rows, op));
    sheet.rowCount = Math.max(sheet.rowCount, at + write.rows.length);
  }
  pending.push(deps.store.saveMeta(meta.spreadsheetId));
  return Promise.all(pending);
}
