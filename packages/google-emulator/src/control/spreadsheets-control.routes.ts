import type { FastifyInstance } from 'fastify';
import { sendGoogleError } from '../google-errors.js';
import { cellText } from '../sheets/cells.js';
import { findSheetByTitle } from '../sheets/range-resolution.js';
import { type SpreadsheetMeta, spreadsheetUrl } from '../sheets/spreadsheet-model.js';
import type { SpreadsheetStore } from '../sheets/spreadsheet-store.js';
import { checkNewSpreadsheet, checkSpreadsheetPatch } from './spreadsheet-input.js';

/** The spreadsheet summary the control API lists. */
export function spreadsheetSummary(meta: SpreadsheetMeta) {
  return {
    spreadsheetId: meta.spreadsheetId,
    title: meta.title,
    spreadsheetUrl: spreadsheetUrl(meta.spreadsheetId),
    sharing: meta.sharing,
    ...(meta.ownerEmail ? { ownerEmail: meta.ownerEmail } : {}),
    sheets: [...meta.sheets]
      .sort((a, b) => a.index - b.index)
      .map((sheet) => ({
        sheetId: sheet.sheetId,
        title: sheet.title,
        index: sheet.index,
        rowCount: sheet.rowCount,
      })),
  };
}

/**
 * Emulator-only spreadsheet management for tests, scripts and the page: create (with rows), list, read a
 * sheet's cells without credentials, change sharing, delete.
 */
export function registerSpreadsheetsControlRoutes(app: FastifyInstance, store: SpreadsheetStore) {
  app.post('/__emulator/spreadsheets', { bodyLimit: 50 * 1024 * 1024 }, async (request, reply) => {
    const check = checkNewSpreadsheet(request.body);
    if (!check.ok) return sendGoogleError(reply, 400, check.message);
    const meta = await store.create(check.value);
    return reply.code(201).send({
      spreadsheetId: meta.spreadsheetId,
      spreadsheetUrl: spreadsheetUrl(meta.spreadsheetId),
      sheets: meta.sheets.map((sheet) => ({
        sheetId: sheet.sheetId,
        title: sheet.title,
        index: sheet.index,
      })),
    });
  });

  app.get('/__emulator/spreadsheets', async () => ({ spreadsheets: store.list().map(spreadsheetSummary) }));

  app.get<{ Params: { id: string; sheetTitle: string } }>(
    '/__emulator/spreadsheets/:id/values/:sheetTitle',
    async (request, reply) => {
      const meta = store.get(request.params.id);
      if (!meta) return sendGoogleError(reply, 404, 'Requested entity was not found.');
      const sheet = findSheetByTitle(meta, request.params.sheetTitle);
      if (!sheet) return sendGoogleError(reply, 400, `Unable to parse range: ${request.params.sheetTitle}`);
      const rows = await store.rows(meta.spreadsheetId, sheet.sheetId);
      return { values: rows.map((row) => row.map((cell) => cellText(cell))) };
    },
  );

  app.patch<{ Params: { id: string } }>('/__emulator/spreadsheets/:id', async (request, reply) => {
    const meta = store.get(request.params.id);
    if (!meta) return sendGoogleError(reply, 404, 'Requested entity was not found.');
    const check = checkSpreadsheetPatch(request.body);
    if (!check.ok) return sendGoogleError(reply, 400, check.message);
    const { sharing, ownerEmail } = check.value;
    if (sharing) meta.sharing = sharing;
    if (ownerEmail === null) delete meta.ownerEmail;
    else if (ownerEmail !== undefined) meta.ownerEmail = ownerEmail;
    await store.saveMeta(meta.spreadsheetId);
    return spreadsheetSummary(meta);
  });

  app.delete<{ Params: { id: string } }>('/__emulator/spreadsheets/:id', async (request, reply) => {
    if (!(await store.delete(request.params.id)))
      return sendGoogleError(reply, 404, 'Requested entity was not found.');
    return reply.code(204).send();
  });
}
