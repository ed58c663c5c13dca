import type { FastifyReply, FastifyRequest } from 'fastify';
import { GoogleApiError } from '../google-errors.js';
import type { Rows } from './cells.js';
import { resolveRange } from './range-resolution.js';
import { openSpreadsheet, type SheetsDeps, sendWriteReply } from './sheets-context.js';
import { inputMatrix, matrixWidth } from './values.js';
import { applyUpdate, clearRange, planUpdate, valueInputOption } from './values.routes.js';

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  return (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Body;
}

/** Loads each sheet's rows once, before any change, so applying the batch runs without a pause. */
async function loadRows(deps: SheetsDeps, id: string, sheetIds: number[]): Promise<Map<number, Rows>> {
  const loaded = new Map<number, Rows>();
  for (const sheetId of sheetIds) {
    if (!loaded.has(sheetId)) loaded.set(sheetId, await deps.store.rows(id, sheetId));
  }
  return loaded;
}

/**
 * POST /v4/spreadsheets/{id}/values:batchUpdate: several values.update in one call. As in Google, every
 * range is checked before anything is written; one bad entry fails the whole call.
 */
export async function batchUpdateValues(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'write');
  const body = bodyOf(request);
  const option = valueInputOption(body.valueInputOption);
  const data = body.data ?? [];
  if (!Array.isArray(data)) {
    throw GoogleApiError.of(
      400,
      `Invalid JSON payload received. Invalid value at 'data' (type.googleapis.com/google.apps.sheets.v4.ValueRange).`,
    );
  }
  const plans = data.map((entry, index) => {
    const range = ((entry ?? {}) as Body).range;
    if (typeof range !== 'string' || range === '') {
      throw GoogleApiError.of(400, `Invalid data[${index}]: Unable to parse range: ${String(range ?? '')}`);
    }
    return planUpdate(meta, range, inputMatrix(entry, option, `data[${index}].`), `Invalid data[${index}]: `);
  });
  const loaded = await loadRows(
    deps,
    id,
    plans.map((plan) => plan.range.sheet.sheetId),
  );
  const responses = [];
  const writes: Array<Promise<void>> = [];
  const rows = new Set<string>();
  const columns = new Set<string>();
  const sheets = new Set<number>();
  let cells = 0;
  for (const plan of plans) {
    const { result, written } = applyUpdate(deps, id, plan, loaded.get(plan.range.sheet.sheetId) ?? []);
    writes.push(written);
    responses.push(result);
    const { sheetId } = plan.range.sheet;
    if (plan.matrix.length === 0) continue;
    sheets.add(sheetId);
    cells += result.updatedCells ?? 0;
    for (let r = 0; r < plan.matrix.length; r++) rows.add(`${sheetId}:${plan.range.startRow + r}`);
    for (let c = 0; c < matrixWidth(plan.matrix); c++) columns.add(`${sheetId}:${plan.range.startCol + c}`);
  }
  await Promise.all(writes);
  return sendWriteReply(request, reply, deps, {
    spreadsheetId: id,
    ...(cells > 0
      ? {
          totalUpdatedRows: rows.size,
          totalUpdatedColumns: columns.size,
          totalUpdatedCells: cells,
          totalUpdatedSheets: sheets.size,
        }
      : {}),
    ...(responses.length > 0 ? { responses } : {}),
  });
}

/** POST /v4/spreadsheets/{id}/values:batchClear `{ ranges }`: every range is checked first. */
export async function batchClearValues(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  id: string,
) {
  const { meta } = await openSpreadsheet(request, deps, id, 'write');
  const ranges = bodyOf(request).ranges ?? [];
  if (!Array.isArray(ranges) || ranges.some((range) => typeof range !== 'string')) {
    throw GoogleApiError.of(400, `Invalid JSON payload received. Invalid value at 'ranges' (TYPE_STRING).`);
  }
  const resolved = (ranges as string[]).map((text) => resolveRange(meta, text));
  const loaded = await loadRows(
    deps,
    id,
    resolved.map((range) => range.sheet.sheetId),
  );
  const writes: Array<Promise<void>> = [];
  const clearedRanges = resolved.map((range) => {
    const { clearedRange, written } = clearRange(deps, id, range, loaded.get(range.sheet.sheetId) ?? []);
    writes.push(written);
    return clearedRange;
  });
  await Promise.all(writes);
  return sendWriteReply(request, reply, deps, {
    spreadsheetId: id,
    ...(clearedRanges.length > 0 ? { clearedRanges } : {}),
  });
}
