import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkSharing, type ShareRole } from '../access/sharing.js';
import { isOrigin } from '../control/cross-site-guard.js';
import type { EmulatorServices } from '../emulator-services.js';
import { sendDataPage } from '../html/page-headers.js';
import { renderPage } from '../html/page-layout.js';
import { html } from '../html/safe-html.js';
import { isValidEmail } from '../identity/email.js';
import { parseCsv } from '../sheets/csv.js';
import { findSheetByTitle, firstSheet } from '../sheets/range-resolution.js';
import { PAGE_SCRIPT } from './page-script.js';
import { rowsPage } from './rows-page.js';
import { type ListedSpreadsheet, spreadsheetsPage } from './spreadsheets-page.js';

const FOOTER =
  'Local stand-in for Google Sheets and Docs, for SheetForms development. Not affiliated with Google.';

/**
 * The emulator's own pages at `/` (spreadsheets and documents, with forms to create them and change
 * sharing) and `/spreadsheets/{id}?sheet=…&page=…` (a sheet's rows). Forms post back and redirect (303),
 * so reloading never posts twice.
 */
export function registerPageRoutes(app: FastifyInstance, services: EmulatorServices) {
  const prefix = app.prefix;

  app.get('/assets/page.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(PAGE_SCRIPT),
  );

  app.get<{ Querystring: { created?: string; updated?: string; error?: string } }>(
    '/',
    async (request, reply) => {
      const spreadsheets: ListedSpreadsheet[] = [];
      for (const meta of services.spreadsheets.list()) {
        const dataRows = new Map<number, number>();
        for (const sheet of meta.sheets) {
          dataRows.set(
            sheet.sheetId,
            (await services.spreadsheets.rows(meta.spreadsheetId, sheet.sheetId)).length,
          );
        }
        spreadsheets.push({ meta, dataRows });
      }
      const { created, updated, error } = request.query;
      const notice = error
        ? { text: error, error: true }
        : created
          ? { text: `Created “${created}”.` }
          : updated
            ? { text: `Saved sharing of “${updated}”.` }
            : undefined;
      const content = spreadsheetsPage({
        prefix,
        spreadsheets,
        documents: services.documents.list(),
        ...(notice ? { notice } : {}),
      });
      return sendDataPage(
        reply,
        200,
        renderPage({
          title: 'Spreadsheets · Google emulator',
          content,
          wide: true,
          scripts: [`${prefix}/assets/page.js`],
          footer: FOOTER,
        }),
      );
    },
  );

  app.get<{ Params: { id: string }; Querystring: { sheet?: string; page?: string } }>(
    '/spreadsheets/:id',
    async (request, reply) => {
      const meta = services.spreadsheets.get(request.params.id);
      if (!meta) return notFoundPage(reply, 'There is no spreadsheet with this id.');
      const sheet =
        request.query.sheet === undefined ? firstSheet(meta) : findSheetByTitle(meta, request.query.sheet);
      if (!sheet) return notFoundPage(reply, `The spreadsheet has no sheet named “${request.query.sheet}”.`);
      const rows = await services.spreadsheets.rows(meta.spreadsheetId, sheet.sheetId);
      const page = Number.parseInt(request.query.page ?? '1', 10);
      const content = rowsPage({ prefix, meta, sheet, rows, page: Number.isFinite(page) ? page : 1 });
      return sendDataPage(
        reply,
        200,
        renderPage({ title: `${meta.title} · ${sheet.title}`, content, wide: true, footer: FOOTER }),
      );
    },
  );

  app.post('/spreadsheets', { bodyLimit: 20 * 1024 * 1024 }, async (request, reply) => {
    if (crossSite(request, services.config.issuer()))
      return reply.code(403).send('Cross-site form posts are refused.');
    const form = formFields(request.body);
    const title = (form.title ?? '').trim();
    if (title === '' || title.length > 100)
      return back(reply, prefix, { error: 'A title of 1 to 100 characters is required.' });
    const rows = parseCsv(form.csv ?? '').filter(
      (row, index, all) => index < all.length - 1 || row.some((cell) => cell !== ''),
    );
    await services.spreadsheets.create({ title, sheets: [{ title: 'Sheet1', rows }] });
    return back(reply, prefix, { created: title });
  });

  app.post<{ Params: { id: string } }>('/spreadsheets/:id/sharing', async (request, reply) => {
    if (crossSite(request, services.config.issuer()))
      return reply.code(403).send('Cross-site form posts are refused.');
    const meta = services.spreadsheets.get(request.params.id);
    if (!meta) return notFoundPage(reply, 'There is no spreadsheet with this id.');
    const form = formFields(request.body);
    // Emails separated by spaces, lines, commas or semicolons; "viewer" or "commenter" after an email
    // makes it one.
    const people: Array<{ email: string; role: ShareRole }> = [];
    for (const token of (form.people ?? '').split(/[\s,;]+/).filter((word) => word !== '')) {
      const last = people[people.length - 1];
      if (/^view(er)?$/i.test(token) && last) last.role = 'view';
      else if (/^comment(er)?$/i.test(token) && last) last.role = 'comment';
      else if (!/^edit(or)?$/i.test(token)) people.push({ email: token, role: 'edit' });
    }
    const checked = checkSharing({ link: form.link, people, domains: meta.sharing.domains ?? [] });
    if (!checked.ok) return back(reply, prefix, { error: checked.message });
    // A form without the field keeps the owner; an empty field removes it.
    const owner = form.owner === undefined ? meta.ownerEmail : form.owner.trim().toLowerCase();
    if (owner !== undefined && owner !== '' && !isValidEmail(owner)) {
      return back(reply, prefix, { error: `The owner “${owner}” is not an email address.` });
    }
    meta.sharing = checked.sharing;
    if (owner === undefined || owner === '') delete meta.ownerEmail;
    else meta.ownerEmail = owner;
    await services.spreadsheets.saveMeta(meta.spreadsheetId);
    return back(reply, prefix, { updated: meta.title });
  });

  app.post('/documents', { bodyLimit: 5 * 1024 * 1024 }, async (request, reply) => {
    if (crossSite(request, services.config.issuer()))
      return reply.code(403).send('Cross-site form posts are refused.');
    const form = formFields(request.body);
    const title = (form.title ?? '').trim();
    if (title === '' || title.length > 100)
      return back(reply, prefix, { error: 'A document name of 1 to 100 characters is required.' });
    await services.documents.create({ title, html: form.html ?? '' });
    return back(reply, prefix, { created: title });
  });
}

function formFields(body: unknown): Record<string, string | undefined> {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined,
    ]),
  );
}

/**
 * Only this emulator's own pages may post here. Browsers say where a form post comes from in
 * Sec-Fetch-Site, but older ones (Safari before 16.4) send no such header; every browser sends Origin with
 * a cross-site POST, so a post whose Origin is not the emulator's own (its issuer's origin, not the request's
 * Host: see control/cross-site-guard.ts on DNS rebinding), or is 'null', is refused too. Tools send neither.
 */
function crossSite(request: FastifyRequest, issuer: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  return origin !== undefined && !isOrigin(origin, new URL(issuer).origin);
}

function back(reply: FastifyReply, prefix: string, query: Record<string, string>) {
  return reply
    .code(303)
    .header('location', `${prefix}/?${new URLSearchParams(query).toString()}`)
    .send();
}

function notFoundPage(reply: FastifyReply, message: string) {
  const page = renderPage({
    title: 'Not found · Google emulator',
    content: html`<h1>Not found</h1><p class="error-lead">${message}</p>`,
    wide: true,
    footer: FOOTER,
  });
  return sendDataPage(reply, 404, page);
}
