import { DEFAULT_SERVICE_ACCOUNT_EMAIL } from '@sheetforms/google-emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { formBody } from '../../test/forms.js';
import { submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const SA = DEFAULT_SERVICE_ACCOUNT_EMAIL;
const BOB_VIEWS_ONLY =
  'You can only view this spreadsheet as bob@example.com. Ask its owner for edit access (Share > Editor), then try again.';
const DRIVE_SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];
/** Past the sync's wait before it asks again about a binding held for edit access. */
const PAST_RECHECK_MS = 6 * 60_000;

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * An owner who edits a spreadsheet only in a way its sharing does not show (a Google group, a Workspace
 * domain, a shared drive) proves it with their own Google token alone. A form bound without a proof (bound
 * before edit access was required, or while the service account could not open it) is held by the sheet
 * sync until one is recorded: saving the same spreadsheet again with the token records it (decision 0022).
 */
describeEachDialect('Proving edit access for a form already bound to its spreadsheet', (dialect) => {
  let t: TestApp;
  let bob: string;
  let clockOffsetMs = 0;

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      { SHEET_SYNC_ENABLED: 'true' },
      { now: () => new Date(Date.now() + clockOffsetMs) },
    );
    bob = (await t.signIn('bob@example.com')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const saveSheet = (formId: string, url: string, googleToken?: string) =>
    t.request('PUT', `/api/v1/forms/${formId}`, {
      token: bob,
      body: { googleSheetsUrl: url, sheetName: 'Responses' },
      ...(googleToken === undefined ? {} : { headers: { 'x-google-access-token': googleToken } }),
    });
  const provenFor = async (formId: string) =>
    (
      await t.database.db
        .selectFrom('forms')
        .select('edit_access_proven_for')
        .where('form_id', '=', formId)
        .executeTakeFirstOrThrow()
    ).edit_access_proven_for;
  const syncStateOf = (responseId: string) =>
    t.database.db
      .selectFrom('responses')
      .select(['sync_state', 'last_error', 'next_attempt_at'])
      .where('id', '=', responseId)
      .executeTakeFirstOrThrow();
  const rowsOf = async (spreadsheetId: string) =>
    (
      (await t.emulatorControl('GET', `/spreadsheets/${spreadsheetId}/values/Responses`)) as {
        values: string[][];
      }
    ).values;

  type Person = { email: string; role: 'view' | 'edit' };
  /**
   * A form of Bob's bound while the service account could not open its spreadsheet (so unproven), then
   * the spreadsheet shared with the service account too, and one response the sync holds back.
   */
  async function heldForm(title: string, people: Person[], answer: string) {
    const sheet = (await t.emulatorControl('POST', '/spreadsheets', {
      title,
      ownerEmail: 'ada@example.com',
      sheets: [{ title: 'Responses', rows: [['Full Name', 'Email']] }],
      sharing: { link: 'none', people },
    })) as { spreadsheetId: string; spreadsheetUrl: string };
    const created = await t.request('POST', '/api/v1/forms', {
      token: bob,
      body: formBody({ googleSheetsUrl: sheet.spreadsheetUrl, sheetName: 'Responses' }),
    });
    expect(created.status).toBe(201);
    const formId = created.body.data.formId as string;
    expect(await provenFor(formId)).toBeNull();
    await t.emulatorControl('PATCH', `/spreadsheets/${sheet.spreadsheetId}`, {
      sharing: { link: 'none', people: [{ email: SA, role: 'edit' }, ...people] },
    });
    const submitted = await submit(t, formId, { response: { 'Full Name': answer } });
    expect(submitted.status).toBe(201);
    const responseId = submitted.body.data.responseId as string;
    const held = await waitFor(async () => {
      const row = await syncStateOf(responseId);
      return row.sync_state === 'pending' && row.last_error ? row : undefined;
    });
    return { sheet, url: sheet.spreadsheetUrl, formId, responseId, held };
  }

  it('holds the responses until a save of the same spreadsheet with a token that edits records the proof; a view-only token is refused and changes nothing', async () => {
    // Bob edits it as another of his Google accounts (as a group member would): no permission names
    // bob@example.com, and the service account is not given it yet.
    const { sheet, url, formId, responseId, held } = await heldForm(
      'Club sign-ups',
      [
        { email: 'bob.home@example.net', role: 'edit' },
        { email: 'bob.old@example.net', role: 'view' },
      ],
      'Waiting for proof',
    );
    expect(held.last_error).toContain('does not have edit access to this spreadsheet');
    // The held message names the way out for an owner who edits it through a group or their organization.
    expect(held.last_error).toContain('choose Verify with Google under the form’s Sheet Status');

    // Without a token, saving the same spreadsheet works as before: nothing is checked, nothing proven.
    expect((await saveSheet(formId, url)).status).toBe(200);
    expect(await provenFor(formId)).toBeNull();

    // A token that only views is refused as a binding would be, and nothing changes.
    const viewerToken = await t.issueGoogleAccessToken('bob.old@example.net', DRIVE_SCOPES);
    const refused = await t.request('PUT', `/api/v1/forms/${formId}`, {
      token: bob,
      body: { name: 'Renamed', googleSheetsUrl: url, sheetName: 'Responses' },
      headers: { 'x-google-access-token': viewerToken },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NO_OWNER_ACCESS', detail: BOB_VIEWS_ONLY });
    const kept = await t.request('GET', `/api/v1/forms/${formId}`, { token: bob });
    expect(kept.body.data.form.name).not.toBe('Renamed');
    expect(await provenFor(formId)).toBeNull();
    clockOffsetMs += PAST_RECHECK_MS;
    // The sync asks again and holds the response again: still nothing in the sheet.
    await waitFor(async () => {
      const row = await syncStateOf(responseId);
      return row.sync_state === 'pending' &&
        row.next_attempt_at !== null &&
        row.next_attempt_at !== held.next_attempt_at
        ? row
        : undefined;
    });
    expect(await rowsOf(sheet.spreadsheetId)).toEqual([['Full Name', 'Email']]);

    // A token that edits records the proof, and the sync writes the waiting response at its next pass.
    const homeToken = await t.issueGoogleAccessToken('bob.home@example.net', DRIVE_SCOPES);
    expect((await saveSheet(formId, url, homeToken)).status).toBe(200);
    expect(await provenFor(formId)).toBe(sheet.spreadsheetId);
    clockOffsetMs += PAST_RECHECK_MS;
    await waitFor(async () => ((await syncStateOf(responseId)).sync_state === 'synced' ? true : undefined));
    expect((await rowsOf(sheet.spreadsheetId)).map((row) => row[0])).toEqual([
      'Full Name',
      'Waiting for proof',
    ]);
  });

  it('releases the held responses once the owner verifies with Google (decision 0044), without saving the form', async () => {
    const { sheet, formId, responseId } = await heldForm(
      'Club rota',
      [{ email: 'bob.home@example.net', role: 'edit' }],
      'Held until verified',
    );

    // Verify with Google, as the Sheet Status offers it: one metadata read with the token.
    const homeToken = await t.issueGoogleAccessToken('bob.home@example.net', DRIVE_SCOPES);
    const verified = await t.request(
      'GET',
      `/api/v1/sheets/metadata?url=${encodeURIComponent(sheet.spreadsheetUrl)}`,
      { token: bob, headers: { 'x-google-access-token': homeToken } },
    );
    expect(verified.status).toBe(200);
    clockOffsetMs += PAST_RECHECK_MS;
    await waitFor(async () => ((await syncStateOf(responseId)).sync_state === 'synced' ? true : undefined));
    expect(await provenFor(formId)).toBe(sheet.spreadsheetId);
    expect((await rowsOf(sheet.spreadsheetId)).map((row) => row[0])).toEqual([
      'Full Name',
      'Held until verified',
    ]);
  });
});
