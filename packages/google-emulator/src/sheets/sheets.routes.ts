import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GoogleApiError, unimplementedMethod } from '../google-errors.js';
import { batchUpdateSpreadsheet } from './batch-update.js';
import { createSpreadsheet } from './create-spreadsheet.js';
import { applyFieldMask, maskSelects, parseFieldMask } from './field-mask.js';
import { gridData } from './grid-data.js';
import { resolveRange } from './range-resolution.js';
import { openSpreadsheet, queryOf, type SheetsDeps } from './sheets-context.js';
import { spreadsheetResource } from './spreadsheet-resource.js';
import { appendValues, batchGetValues, clearValues, getValues, updateValues } from './values.routes.js';
import { batchClearValues, batchUpdateValues } from './values-batch.routes.js';

const BASE = '/v4/spreadsheets/';

/**
 * The Sheets API v4 under `/v4/spreadsheets/…`. Google's paths put verbs after a colon
 * (`{id}:batchUpdate`, `values/{range}:append`) and ranges hold `!`, `:` and quotes, so one wildcard route
 * reads the raw path itself rather than relying on the router's parameter decoding.
 */
export function registerSheetsRoutes(app: FastifyInstance, deps: SheetsDeps) {
  app.post('/v4/spreadsheets', (request, reply) => createSpreadsheet(request, reply, deps));
  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: `${BASE}*`,
    // Google recommends payloads of at most 2 MB but accepts more.
    bodyLimit: 10 * 1024 * 1024,
    handler: (request, reply) => dispatch(request, reply, deps),
  });
}

async function dispatch(request: FastifyRequest, reply: FastifyReply, deps: SheetsDeps) {
  const path = request.url.split('?')[0] ?? '';
  const rest = path.slice(path.indexOf(BASE) + BASE.length);
  const slash = rest.indexOf('/');
  const head = slash === -1 ? rest : rest.slice(0, slash);
  const tail = slash === -1 ? undefined : rest.slice(slash + 1);
  const method = request.method;

  if (tail === undefined) {
    if (head.endsWith(':batchUpdate') && method === 'POST') {
      return batchUpdateSpreadsheet(request, reply, deps, decode(head.slice(0, -':batchUpdate'.length)));
    }
    if (!head.includes(':') && method === 'GET') return getSpreadsheet(request, reply, deps, decode(head));
    if (head.endsWith(':getByDataFilter')) return unimplemented('spreadsheets.getByDataFilter');
    return notFound(path);
  }
  const id = decode(head);
  if (tail === 'values:batchGet' && method === 'GET') return batchGetValues(request, reply, deps, id);
  if (tail === 'values:batchUpdate' && method === 'POST') return batchUpdateValues(request, reply, deps, id);
  if (tail === 'values:batchClear' && method === 'POST') return batchClearValues(request, reply, deps, id);
  const missing = UNIMPLEMENTED.find(([pattern]) => pattern.test(tail));
  if (missing) return unimplemented(missing[1]);
  if (!tail.startsWith('values/')) return notFound(path);
  const rawRange = tail.slice('values/'.length);
  for (const [verb, handler] of [
    [':append', appendValues],
    [':clear', clearValues],
  ] as const) {
    if (rawRange.endsWith(verb)) {
      if (method !== 'POST') return notFound(path);
      return handler(request, reply, deps, id, decodeRange(rawRange.slice(0, -verb.length)));
    }
  }
  if (method === 'GET') return getValues(request, reply, deps, id, decodeRange(rawRange));
  if (method === 'PUT') return updateValues(request, reply, deps, id, decodeRange(rawRange));
  return notFound(path);
}

/**
 * GET /v4/spreadsheets/{id}: the spreadsheet resource, trimmed by `fields`. Grid data (`sheets[].data`,
 * with each cell's values and data validation) comes with `includeGridData=true`, or, as in Google, when a
 * `fields` mask names it (a mask replaces `includeGridData`). `ranges` limits the sheets to those the
 * ranges name and the grid data to the ranges; without ranges it covers each sheet's whole grid.
 */
async function getSpreadsheet(request: FastifyRequest, reply: FastifyReply, deps: SheetsDeps, id: string) {
  const { meta } = await openSpreadsheet(request, deps, id, 'read');
  const query = queryOf(request);
  const ranges = query.getAll('ranges').map((text) => resolveRange(meta, text));
  const sheetIds = new Set(ranges.map((range) => range.sheet.sheetId));
  const sheets = meta.sheets.filter((sheet) => ranges.length === 0 || sheetIds.has(sheet.sheetId));
  const resource = spreadsheetResource(meta, sheets);
  const fields = query.get('fields');
  const mask = fields === null || fields === '' ? undefined : parseFieldMask(fields);
  if (fields && !mask) throw GoogleApiError.of(400, `Invalid field selection ${fields}`, 'INVALID_ARGUMENT');
  const includeGridData = booleanParam(query, 'includeGridData', 'include_grid_data');
  const withGridData = mask ? maskSelects(mask, ['sheets', 'data']) : includeGridData;
  const answer = withGridData
    ? {
        ...resource,
        sheets: await Promise.all(
          resource.sheets.map(async (entry) => {
            const sheet = sheets.find((candidate) => candidate.sheetId === entry.properties.sheetId);
            if (!sheet) return entry;
            const rows = await deps.store.rows(id, sheet.sheetId);
            const blocks =
              ranges.length === 0
                ? [{ startRow: 0, startCol: 0, endRow: sheet.rowCount - 1, endCol: sheet.columnCount - 1 }]
                : ranges.filter((range) => range.sheet.sheetId === sheet.sheetId);
            return { ...entry, data: blocks.map((block) => gridData(sheet, rows, block)) };
          }),
        ),
      }
    : resource;
  return reply.send(mask ? applyFieldMask(answer, mask) : answer);
}

/** A boolean query parameter (`true`/`false`, or `1`/`0`); Google's 400 for anything else. */
function booleanParam(query: URLSearchParams, name: string, protoName: string): boolean {
  const value = query.get(name) ?? query.get(protoName);
  if (value === null || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw GoogleApiError.of(400, `Invalid value at '${protoName}' (TYPE_BOOL), "${value}"`, 'INVALID_ARGUMENT');
}

/** Google's Sheets methods the emulator does not offer: they answer 501, never a 404 like a missing file. */
const UNIMPLEMENTED: ReadonlyArray<readonly [RegExp, string]> = [
  [/^values:batchGetByDataFilter$/, 'spreadsheets.values.batchGetByDataFilter'],
  [/^values:batchUpdateByDataFilter$/, 'spreadsheets.values.batchUpdateByDataFilter'],
  [/^values:batchClearByDataFilter$/, 'spreadsheets.values.batchClearByDataFilter'],
  [/^developerMetadata(?:[/:]|$)/, 'spreadsheets.developerMetadata'],
  [/^sheets\/[^/]+:copyTo$/, 'spreadsheets.sheets.copyTo'],
];

function unimplemented(method: string): never {
  throw unimplementedMethod(method);
}

function notFound(path: string): never {
  throw GoogleApiError.of(404, `The requested URL ${path} was not found on this server.`, 'NOT_FOUND');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Ranges are percent-encoded in the path; a `+` is a plus there, not a space. */
function decodeRange(text: string): string {
  return decode(text);
}
