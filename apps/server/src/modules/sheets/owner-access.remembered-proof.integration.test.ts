import { DEFAULT_SERVICE_ACCOUNT_EMAIL } from '@sheetforms/google-emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { formBody } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { OWN_TOKEN_PROOF_TTL_MS } from './owner-access.service.js';

const SA = DEFAULT_SERVICE_ACCOUNT_EMAIL;
const DRIVE_SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];
const CAROL_REFUSED =
  'You do not have access to this spreadsheet as carol@team.example. Ask its owner to share it with carol@team.example as Editor, or to set it to "Anyone with the link" can edit, then try again.';

// Decision 0044: an owner who edits a spreadsheet only through their Workspace domain (or a Google group,
// or a shared drive) shows it once with their own Google token, as Verify with Google does; the proof is
// remembered for that owner and spreadsheet, so the generator's later calls, the Sheet Status and the
// sheet sync accept it without the token, until it ends or their token shows less.
describeEachDialect("An owner's own-token proof of edit access is remembered", (dialect) => {
  let t: TestApp;
  let carol: string;
  let dave: string;
  let clock = Date.parse('2026-11-01T09:00:00.000Z');

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { now: () => new Date(clock) });
    carol = (await t.signIn('carol@team.example')).accessToken;
    dave = (await t.signIn('dave@team.example')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const domainSheet = async (title: string) =>
    (await t.emulatorControl('POST', '/spreadsheets', {
      title,
      sheets: [{ title: 'Responses', rows: [['Full Name', 'Email']] }],
      // Carol's company shares it with everyone at team.example as Editor: a permission the server does
      // not take for membership (a consumer account can have an address there), Google's answer to her
      // own token does.
      sharing: {
        link: 'none',
        people: [{ email: SA, role: 'edit' }],
        domains: [{ domain: 'team.example', role: 'edit' }],
      },
      ownerEmail: 'boss@team.example',
    })) as { spreadsheetId: string; spreadsheetUrl: string };
  const token = (headers?: string) => (headers ? { headers: { 'x-google-access-token': headers } } : {});
  const metadata = (url: string, bearer: string, googleToken?: string) =>
    t.request('GET', `/api/v1/sheets/metadata?url=${encodeURIComponent(url)}`, {
      token: bearer,
      ...token(googleToken),
    });
  const preview = (url: string, bearer: string) =>
    t.request('GET', `/api/v1/sheets/preview?url=${encodeURIComponent(url)}&sheet=Responses`, {
      token: bearer,
    });
  const create = (url: string, bearer: string) =>
    t.request('POST', '/api/v1/forms', {
      token: bearer,
      body: formBody({ googleSheetsUrl: url, sheetName: 'Responses' }),
    });
  const status = (url: string, bearer: string) =>
    t.request('POST', '/api/v1/forms/check-sheet-access', {
      token: bearer,
      body: { googleSheetsUrl: url, sheetName: 'Responses' },
    });
  /** A form of Carol's bound to the spreadsheet (verified with her token in the same request). */
  const boundForm = async (url: string) => {
    const token = await t.issueGoogleAccessToken('carol@team.example', DRIVE_SCOPES);
    const res = await t.request('POST', '/api/v1/forms', {
      token: carol,
      body: formBody({ googleSheetsUrl: url, sheetName: 'Responses' }),
      headers: { 'x-google-access-token': token },
    });
    expect(res.status).toBe(201);
    return res.body.data.formId as string;
  };
  const proofRows = () =>
    t.database.db
      .selectFrom('google_edit_proofs')
      .select(['owner_id', 'spreadsheet_id', 'expires_at'])
      .execute();

  it('lets the owner bind and check the spreadsheet without the token after one verification, and no one else', async () => {
    const sheet = await domainSheet('Team rota');
    const url = sheet.spreadsheetUrl;
    const refused = await metadata(url, carol);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NO_OWNER_ACCESS', detail: CAROL_REFUSED });
    expect((await status(url, carol)).body.data).toMatchObject({ error: 'NO_OWNER_ACCESS' });

    // Verify with Google: one call with her token.
    const carolsToken = await t.issueGoogleAccessToken('carol@team.example', DRIVE_SCOPES);
    const verified = await metadata(url, carol, carolsToken);
    expect(verified.status).toBe(200);
    expect(verified.body.data.title).toBe('Team rota');
    const rows = await proofRows();
    expect(rows).toEqual([
      {
        owner_id: expect.any(String),
        spreadsheet_id: sheet.spreadsheetId,
        expires_at: new Date(clock + OWN_TOKEN_PROOF_TTL_MS).toISOString(),
      },
    ]);
    // The token itself is never stored.
    expect(JSON.stringify(rows)).not.toContain(carolsToken);

    // Later calls without it: preview, create and the Sheet Status (which never uses a cached decision).
    clock += 10 * 60_000;
    expect((await preview(url, carol)).status).toBe(200);
    const created = await create(url, carol);
    expect(created.status).toBe(201);
    // Recorded unproven, like a binding proven by sharing: the sync asks again before its first write.
    const row = await t.database.db
      .selectFrom('forms')
      .select('edit_access_proven_for')
      .where('form_id', '=', created.body.data.formId)
      .executeTakeFirstOrThrow();
    expect(row.edit_access_proven_for).toBeNull();
    expect((await status(url, carol)).body.data).toMatchObject({ accessible: true, error: null });

    // Dave, at the same domain, proved nothing: her proof is hers.
    const daves = await metadata(url, dave);
    expect(daves.status).toBe(403);
    expect((await status(url, dave)).body.data).toMatchObject({ error: 'NO_OWNER_ACCESS' });
  });

  it('ends after 30 days, and at once when her own token shows she may only view it now', async () => {
    const sheet = await domainSheet('Team budget');
    const url = sheet.spreadsheetUrl;
    const formId = await boundForm(url);
    const batch = async () =>
      (
        await t.request('POST', '/api/v1/forms/check-sheet-access/batch', {
          token: carol,
          body: { formIds: [formId] },
        })
      ).body.data.results[formId];

    clock += OWN_TOKEN_PROOF_TTL_MS - 60_000;
    // Her sign-in of a month ago has ended too.
    carol = (await t.signIn('carol@team.example')).accessToken;
    expect((await status(url, carol)).body.data).toMatchObject({ accessible: true });
    clock += 60_000;
    expect((await status(url, carol)).body.data).toMatchObject({ error: 'NO_OWNER_ACCESS' });
    // Manage Forms' batch check keeps that answer a minute; verifying again drops it at once.
    expect(await batch()).toMatchObject({ error: 'NO_OWNER_ACCESS' });
    // Verifying again renews it; an ended proof is purged when another is recorded.
    const renewed = await t.issueGoogleAccessToken('carol@team.example', DRIVE_SCOPES);
    expect((await metadata(url, carol, renewed)).status).toBe(200);
    expect(await batch()).toMatchObject({ accessible: true });
    expect((await status(url, carol)).body.data).toMatchObject({ accessible: true });
    expect((await proofRows()).map((row) => row.spreadsheet_id)).toEqual([sheet.spreadsheetId]);

    // Her company makes the team viewers: her token says so, and the proof is forgotten.
    await t.emulatorControl('PATCH', `/spreadsheets/${sheet.spreadsheetId}`, {
      sharing: {
        link: 'none',
        people: [{ email: SA, role: 'edit' }],
        domains: [{ domain: 'team.example', role: 'view' }],
      },
    });
    // (a token is always asked, even within the minute a granted decision is kept in memory)
    const viewerNow = await t.issueGoogleAccessToken('carol@team.example', DRIVE_SCOPES);
    expect((await metadata(url, carol, viewerNow)).status).toBe(403);
    expect(await proofRows()).toEqual([]);
    expect((await status(url, carol)).body.data).toMatchObject({ error: 'NO_OWNER_ACCESS' });
  });

  it('ends when her own token cannot see the spreadsheet any more (Drive answers 404)', async () => {
    const sheet = await domainSheet('Team holidays');
    const url = sheet.spreadsheetUrl;
    const before = await t.issueGoogleAccessToken('carol@team.example', DRIVE_SCOPES);
    expect((await metadata(url, carol, before)).status).toBe(200);
    expect((await proofRows()).map((row) => row.spreadsheet_id)).toContain(sheet.spreadsheetId);
    // The company stops sharing it with the domain: Drive hides it from her account.
    await t.emulatorControl('PATCH', `/spreadsheets/${sheet.spreadsheetId}`, {
      sharing: { link: 'none', people: [{ email: SA, role: 'edit' }] },
    });
    const after = await t.issueGoogleAccessToken('carol@team.example', DRIVE_SCOPES);
    const refused = await metadata(url, carol, after);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NO_OWNER_ACCESS', detail: CAROL_REFUSED });
    expect((await proofRows()).map((row) => row.spreadsheet_id)).not.toContain(sheet.spreadsheetId);
    expect((await status(url, carol)).body.data).toMatchObject({ error: 'NO_OWNER_ACCESS' });
  });
});
