import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GoogleApiError } from '../google-errors.js';
import { batchUpdateSpreadsheet, sheetResource } from './batch-update.js';
import { applyFieldMask, parseFieldMask } from './field-mask.js';
import { resolveRange } from './range-resolution.js';
import { openSpreadsheet, queryOf, type SheetsDeps } from './sheets-context.js';
import { spreadsheetUrl } from './spreadsheet-model.js';
import { appendValues, batchGetValues, clearValues, getValues, updateValues } from './values.routes.js';

const BASE = '/v4/spreadsheets/';

/**
 * The Sheets API v4 under `/v4/spreadsheets/…`. Google's paths put verbs after a colon
 * (`{id}:batchUpdate`, `values/{range}:append`) and ranges hold `!`, `:` and quotes, so one wildcard route
 * reads the raw path itself rather than relying on the router's parameter decoding.
 */
export function registerSheetsRoutes(app: FastifyInstance, deps: SheetsDeps) {
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
    return notFound(path);
  }
  const id = decode(head);
  if (tail === 'values:batchGet' && method === 'GET') return batchGetValues(request, reply, deps, id);
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

/** GET /v4/spreadsheets/{id}: the spreadsheet resource, trimmed by `fields`. */
async function getSpreadsheet(request: FastifyRequest, reply: FastifyReply, deps: SheetsDeps, id: string) {
  const { meta } = await openSpreadsheet(request, deps, id, 'read');
  const query = queryOf(request);
  // `ranges` limits the sheets listed to those the ranges name (and checks the ranges), as in Google.
  const ranges = query.getAll('ranges');
  const sheetIds = new Set(ranges.map((text) => resolveRange(meta, text).sheet.sheetId));
  const sheets = [...meta.sheets]
    .sort((a, b) => a.index - b.index)
    .filter((sheet) => ranges.length === 0 || sheetIds.has(sheet.sheetId));
  const resource = {
    spreadsheetId: meta.spreadsheetId,
    properties: {
      title: meta.title,
      locale: 'en_US',
      autoRecalc: 'ON_CHANGE',
      timeZone: 'Etc/GMT',
      defaultFormat: {
        backgroundColor: { red: 1, green: 1, blue: 1 },
        verticalAlignment: 'BOTTOM',
        wrapStrategy: 'OVERFLOW_CELL',
        textFormat: { fontFamily: 'arial,sans,sans-serif', fontSize: 10, bold: false, italic: false },
      },
    },
    sheets: sheets.map((sheet) => ({ properties: sheetResource(sheet) })),
    spreadsheetUrl: spreadsheetUrl(meta.spreadsheetId),
  };
  const fields = query.get('fields');
  if (fields === null || fields === '') return reply.send(resource);
  const mask = parseFieldMask(fields);
  if (!mask) throw GoogleApiError.of(400, `Invalid field selection ${fields}`, 'INVALID_ARGUMENT');
  return reply.send(applyFieldMask(resource, mask));
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
