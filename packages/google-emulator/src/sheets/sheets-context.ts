import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCEPTED_SCOPES, type Caller, requireRole } from '../access/access-control.js';
import { type ApiGuardDeps, guardApiCall } from '../access/api-guard.js';
import { GoogleApiError } from '../google-errors.js';
import { isPlausibleFileId, type SpreadsheetMeta } from './spreadsheet-model.js';
import type { SpreadsheetStore } from './spreadsheet-store.js';

/** What the Sheets handlers need. */
export interface SheetsDeps {
  store: SpreadsheetStore;
  guard: ApiGuardDeps;
}

/** Google's canonical 404 for an unknown spreadsheet (modern and legacy envelopes together). */
export function spreadsheetNotFound(): GoogleApiError {
  return GoogleApiError.of(404, 'Requested entity was not found.', 'NOT_FOUND', {
    errors: [{ message: 'Requested entity was not found.', domain: 'global', reason: 'notFound' }],
  });
}

/** Runs the call's checks and finds the spreadsheet the caller may read (or write). */
export async function openSpreadsheet(
  request: FastifyRequest,
  deps: SheetsDeps,
  spreadsheetId: string,
  need: 'read' | 'write',
): Promise<{ caller: Caller; meta: SpreadsheetMeta }> {
  const caller = await guardApiCall(request, deps.guard, {
    kind: need,
    service: 'sheets.googleapis.com',
    scopes: need === 'read' ? ACCEPTED_SCOPES.sheetsRead : ACCEPTED_SCOPES.sheetsWrite,
  });
  const meta = isPlausibleFileId(spreadsheetId) ? deps.store.get(spreadsheetId) : undefined;
  if (!meta) throw spreadsheetNotFound();
  requireRole(caller, meta, need);
  return { caller, meta };
}

/**
 * Sends a write's answer, unless a "reply lost" fault is armed: then the write (already on disk) gets no
 * answer and the connection is dropped, as when a network fails after Google applied the change.
 */
export function sendWriteReply(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: SheetsDeps,
  body: unknown,
) {
  if (deps.guard.faults.takeReplyLost()) {
    reply.hijack();
    request.raw.socket.destroy();
    return reply;
  }
  return reply.type('application/json; charset=UTF-8').send(body);
}

/** Reads an enum query parameter, answering Google's 400 for a value it does not know. */
export function enumParam<T extends string>(
  query: URLSearchParams,
  name: string,
  protoName: string,
  typeName: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = query.get(name);
  if (value === null || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw GoogleApiError.of(
      400,
      `Invalid value at '${protoName}' (type.googleapis.com/google.apps.sheets.v4.${typeName}), "${value}"`,
      'INVALID_ARGUMENT',
    );
  }
  return value as T;
}

/** The query string of a request as URLSearchParams (repeated parameters such as `ranges` are kept). */
export function queryOf(request: FastifyRequest): URLSearchParams {
  const index = request.url.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : request.url.slice(index + 1));
}
