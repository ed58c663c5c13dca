import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, roleFor } from '../access/access-control.js';
import { renderPage } from '../html/page-layout.js';
import { html } from '../html/safe-html.js';
import type { IdentityStore } from '../identity/identity-store.js';
import { cellText, type Rows } from './cells.js';
import { csvLine } from './csv.js';
import { findSheetByTitle, firstSheet } from './range-resolution.js';
import { isPlausibleFileId, type SheetProperties, type SpreadsheetMeta } from './spreadsheet-model.js';
import type { SpreadsheetStore } from './spreadsheet-store.js';

/** What the export URLs need. */
export interface CsvExportDeps {
  store: SpreadsheetStore;
  identity: IdentityStore;
}

/**
 * docs.google.com's CSV URLs: `/spreadsheets/d/{id}/export?format=csv&gid={sheetId}` and
 * `/spreadsheets/d/{id}/gviz/tq?tqx=out:csv&sheet={title}`. They need no credentials for link-shared
 * sheets. For a private one, Google sends the browser to its sign-in page, so a script gets HTML with status
 * 200, not CSV and not an error: the emulator answers the same way (without the redirect). A Bearer token
 * with access to the file gets the CSV too.
 */
export function registerCsvExportRoutes(app: FastifyInstance, deps: CsvExportDeps) {
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    '/spreadsheets/d/:id/export',
    async (request, reply) => {
      const meta = findReadable(request, reply, deps, request.params.id);
      if (!meta) return reply;
      const format = request.query.format ?? 'csv';
      if (format !== 'csv' && format !== 'tsv')
        return htmlError(reply, 400, 'The emulator exports only CSV and TSV.');
      const sheet =
        request.query.gid === undefined
          ? firstSheet(meta)
          : meta.sheets.find((s) => String(s.sheetId) === request.query.gid);
      if (!sheet) return htmlError(reply, 400, 'Sorry, the requested sheet does not exist.');
      const rows = await deps.store.rows(meta.spreadsheetId, sheet.sheetId);
      const lines = exportLines(rows).map((fields) =>
        format === 'tsv' ? fields.join('\t') : csvLine(fields),
      );
      const extension = format === 'tsv' ? 'tsv' : 'csv';
      return reply
        .type(format === 'tsv' ? 'text/tab-separated-values' : 'text/csv')
        .header('content-disposition', contentDisposition(`${meta.title} - ${sheet.title}.${extension}`))
        .header('cache-control', 'no-store')
        .send(lines.join('\r\n'));
    },
  );

  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    '/spreadsheets/d/:id/gviz/tq',
    async (request, reply) => {
      const meta = findReadable(request, reply, deps, request.params.id);
      if (!meta) return reply;
      const tqx = request.query.tqx ?? '';
      if (!tqx.split(';').includes('out:csv'))
        return htmlError(reply, 400, 'The emulator answers gviz queries only with tqx=out:csv.');
      let sheet: SheetProperties | undefined;
      if (request.query.sheet !== undefined) sheet = findSheetByTitle(meta, request.query.sheet);
      else if (request.query.gid !== undefined)
        sheet = meta.sheets.find((s) => String(s.sheetId) === request.query.gid);
      else sheet = firstSheet(meta);
      if (!sheet) return htmlError(reply, 400, 'Invalid sheet.');
      const rows = await deps.store.rows(meta.spreadsheetId, sheet.sheetId);
      // gviz quotes every field and ends lines with \n.
      const lines = exportLines(rows).map((fields) => csvLine(fields, true));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('data.csv'))
        .header('cache-control', 'no-store')
        .send(lines.join('\n'));
    },
  );
}

/** The spreadsheet when the caller may read it; otherwise the reply has been sent (404 or the sign-in page). */
function findReadable(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: CsvExportDeps,
  id: string,
): SpreadsheetMeta | undefined {
  const meta = isPlausibleFileId(id) ? deps.store.get(id) : undefined;
  if (!meta) {
    void htmlError(
      reply,
      404,
      'Sorry, unable to open the file at this time. Please check the address and try again.',
    );
    return undefined;
  }
  const caller = bearerCaller(request, deps.identity);
  const allowed = caller ? roleFor(caller, meta) !== 'none' : meta.sharing.link !== 'none';
  if (!allowed) {
    void sendLoginPage(reply);
    return undefined;
  }
  return meta;
}

function bearerCaller(request: FastifyRequest, identity: IdentityStore): Caller | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const grant = match?.[1] ? identity.lookupAccessToken(match[1]) : undefined;
  return grant
    ? { kind: 'account', email: grant.email.toLowerCase(), clientId: grant.clientId, scopes: grant.scopes }
    : undefined;
}

/** Rows up to the last with data, each padded to the widest row (Google's CSV is rectangular). */
function exportLines(rows: Rows): string[][] {
  let last = rows.length;
  while (last > 0 && (rows[last - 1]?.length ?? 0) === 0) last--;
  const width = Math.max(0, ...rows.slice(0, last).map((row) => row.length));
  return rows.slice(0, last).map((row) => Array.from({ length: width }, (_, col) => cellText(row[col])));
}

function sendLoginPage(reply: FastifyReply) {
  const page = renderPage({
    title: 'Google Sheets - Sign in',
    content: html`<h1>Sign in</h1>
<p class="subtitle">to continue to Sheets</p>
<p class="hint">This spreadsheet is private. Sign in with an account it is shared with, or ask its owner to share it with "Anyone with the link".</p>`,
  });
  return reply
    .code(200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(page);
}

function htmlError(reply: FastifyReply, status: number, message: string) {
  const page = renderPage({
    title: `Error ${status}`,
    content: html`<h1>Error ${status}</h1><p class="error-lead">${message}</p>`,
  });
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
