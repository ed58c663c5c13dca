import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCEPTED_SCOPES } from '../access/access-control.js';
import { guardApiCall } from '../access/api-guard.js';
import { GoogleApiError } from '../google-errors.js';
import { checkCellLimit, gridCells } from './grid-limits.js';
import type { SheetsDeps } from './sheets-context.js';
import { DEFAULT_COLUMN_COUNT, DEFAULT_ROW_COUNT } from './spreadsheet-model.js';
import { spreadsheetResource } from './spreadsheet-resource.js';

type Body = Record<string, unknown>;

/**
 * POST /v4/spreadsheets: a new spreadsheet owned by the caller (private, as in Google), with the sheets
 * and grid sizes asked for. Cell data (`sheets[].data`) is not taken.
 */
export async function createSpreadsheet(request: FastifyRequest, reply: FastifyReply, deps: SheetsDeps) {
  const caller = await guardApiCall(request, deps.guard, {
    kind: 'write',
    service: 'sheets.googleapis.com',
    scopes: ACCEPTED_SCOPES.sheetsWrite,
  });
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Body;
  const properties = (body.properties ?? {}) as Body;
  const title =
    typeof properties.title === 'string' && properties.title !== ''
      ? properties.title
      : 'Untitled spreadsheet';
  const requested = Array.isArray(body.sheets) ? (body.sheets as unknown[]) : [];
  const sheets = requested.map((entry, index) => {
    const sheet = (entry ?? {}) as Body;
    if (sheet.data !== undefined) {
      throw GoogleApiError.of(
        501,
        'The Google emulator does not take cell data in spreadsheets.create; write values afterwards.',
        'UNIMPLEMENTED',
      );
    }
    const sheetProperties = (sheet.properties ?? {}) as Body;
    const grid = (sheetProperties.gridProperties ?? {}) as Body;
    const sheetTitle =
      typeof sheetProperties.title === 'string' && sheetProperties.title !== ''
        ? sheetProperties.title
        : `Sheet${index + 1}`;
    return {
      title: sheetTitle,
      rowCount: positive(
        grid.rowCount,
        DEFAULT_ROW_COUNT,
        `sheets[${index}].properties.gridProperties.row_count`,
      ),
      columnCount: positive(
        grid.columnCount,
        DEFAULT_COLUMN_COUNT,
        `sheets[${index}].properties.gridProperties.column_count`,
      ),
      frozenRowCount: typeof grid.frozenRowCount === 'number' ? grid.frozenRowCount : 0,
    };
  });
  const titles = new Set<string>();
  for (const sheet of sheets) {
    if (titles.has(sheet.title.toLowerCase())) {
      throw GoogleApiError.of(
        400,
        `Invalid sheets[${sheets.indexOf(sheet)}]: A sheet with the name "${sheet.title}" already exists. Please enter another name.`,
      );
    }
    titles.add(sheet.title.toLowerCase());
  }
  checkCellLimit(0, gridCells(sheets));
  const meta = await deps.store.create({
    title,
    ...(sheets.length > 0 ? { sheets: sheets.map((sheet) => ({ title: sheet.title })) } : {}),
    ...(caller.kind === 'account' ? { ownerEmail: caller.email } : {}),
  });
  sheets.forEach((sheet, index) => {
    const created = meta.sheets[index];
    if (!created) return;
    created.rowCount = sheet.rowCount;
    created.columnCount = sheet.columnCount;
    if (sheet.frozenRowCount > 0) created.frozenRowCount = sheet.frozenRowCount;
  });
  if (sheets.length > 0) await deps.store.saveMeta(meta.spreadsheetId);
  return reply.type('application/json; charset=UTF-8').send(spreadsheetResource(meta));
}

function positive(value: unknown, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || (value as number) < 1) {
    throw GoogleApiError.of(400, `Invalid value at '${field}' (TYPE_INT32), ${JSON.stringify(value)}`);
  }
  return value as number;
}
