import { DEFAULT_SERVICE_ACCOUNT_EMAIL } from '@sheetforms/google-emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { formBody } from '../../test/forms.js';
import { submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const SA = DEFAULT_SERVICE_ACCOUNT_EMAIL;
const BOB_REFUSED =
  'You do not have access to this spreadsheet as bob@example.com. Ask its owner to share it with bob@example.com as Editor, or to set it to "Anyone with the link" can edit, then try again.';
const BOB_VIEWS_ONLY =
  'You can only view this spreadsheet as bob@example.com. Ask its owner for edit access (Share > Editor), then try again.';
/** A token as the web app's Google sign-in for templates gets it: Drive and Sheets scopes. */
const DRIVE_SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
];

type Role = 'view' | 'comment' | 'edit';
type Person = { email: string; role: Role };

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDialect("Binding a spreadsheet needs the owner's own edit access to it", (dialect) => {
  let t: TestApp;
  let ada: string;
  let bob: string;

  beforeAll(async () => {
    // The worker runs: a form already bound must keep reaching its sheet.
    t = await startTestApp(dialect, { SHEET_SYNC_ENABLED: 'true' });
    ada = (await t.signIn('ada@example.com')).accessToken;
    bob = (await t.signIn('bob@example.com')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  async function spreadsheet(
    title: string,
    sharing: {
      link: 'none' | Role;
      people: Person[];
      domains?: Array<{ domain: string; role: Role }>;
    },
    ownerEmail?: string,
  ) {
    const created = await t.emulatorControl('POST', '/spreadsheets', {
      title,
      sheets: [{ title: 'Responses', rows: [['Full Name', 'Email']] }],
      sharing,
      ...(ownerEmail ? { ownerEmail } : {}),
    });
    return created as { spreadsheetId: string; spreadsheetUrl: string };
  }
  const withGoogleToken = (token: string | undefined) =>
    token === undefined ? {} : { headers: { 'x-google-access-token': token } };
  const metadata = (url: string, bearer: string, googleToken?: string) =>
    t.request('GET', `/api/v1/sheets/metadata?url=${encodeURIComponent(url)}`, {
      token: bearer,
      ...withGoogleToken(googleToken),
    });
  const preview = (url: string, bearer: string, googleToken?: string) =>
    t.request('GET', `/api/v1/sheets/preview?url=${encodeURIComponent(url)}&sheet=Responses`, {
      token: bearer,
      ...withGoogleToken(googleToken),
    });
  const create = (url: string, bearer: string, googleToken?: string) =>
    t.request('POST', '/api/v1/forms', {
      token: bearer,
      body: formBody({ googleSheetsUrl: url, sheetName: 'Responses' }),
      ...withGoogleToken(googleToken),
    });
  const saveSheet = (formId: string, url: string, bearer: string, googleToken?: string) =>
    t.request('PUT', `/api/v1/forms/${formId}`, {
      token: bearer,
      body: { googleSheetsUrl: url, sheetName: 'Responses' },
      ...withGoogleToken(googleToken),
    });
  const status = (url: string, bearer: string) =>
    t.request('POST', '/api/v1/forms/check-sheet-access', {
      token: bearer,
      body: { googleSheetsUrl: url, sheetName: 'Responses' },
    });
  const unboundForm = async (bearer: string) => {
    const res = await t.request('POST', '/api/v1/forms', {
      token: bearer,
      body: formBody({ googleSheetsUrl: '', sheetName: 'Responses' }),
    });
    expect(res.status).toBe(201);
    return res.body.data.formId as string;
  };
  const expectRefused = (res: { status: number; headers: Headers; body: any }, detail = BOB_REFUSED) => {
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 403, code: 'NO_OWNER_ACCESS', detail });
  };

  it('refuses another owner the preview, metadata, a form and sheet settings on a private spreadsheet; its owner gets them', async () => {
    const secret = await spreadsheet(
      'Ada salaries',
      { link: 'none', people: [{ email: SA, role: 'edit' }] },
      'ada@example.com',
    );
    const url = secret.spreadsheetUrl;

    expectRefused(await metadata(url, bob));
    expectRefused(await preview(url, bob));
    expectRefused(await create(url, bob));
    const bobsForm = await unboundForm(bob);
    expectRefused(await saveSheet(bobsForm, url, bob));
    const kept = await t.request('GET', `/api/v1/forms/${bobsForm}`, { token: bob });
    expect(kept.body.data.form.googleSheetsUrl).toBe('');
    // The status tells Bob nothing of it either, not even its title.
    const bobsStatus = await status(url, bob);
    expect(bobsStatus.body.data).toMatchObject({
      accessible: false,
      error: 'NO_OWNER_ACCESS',
      message: BOB_REFUSED,
      sheetExists: false,
    });
    expect(JSON.stringify(bobsStatus.body)).not.toContain('Ada salaries');

    expect((await metadata(url, ada)).body.data).toMatchObject({ title: 'Ada salaries' });
    expect((await preview(url, ada)).body.data.headers.map((h: { name: string }) => h.name)).toEqual([
      'Full Name',
      'Email',
    ]);
    expect((await create(url, ada)).status).toBe(201);
    const adasForm = await unboundForm(ada);
    expect((await saveSheet(adasForm, url, ada)).status).toBe(200);
    expect((await status(url, ada)).body.data).toMatchObject({ accessible: true, error: null });
  });

  /** Every binding call refuses Bob with this detail, and his form keeps no link. */
  async function expectEveryBindingRefused(url: string, detail: string, googleToken?: string) {
    expectRefused(await metadata(url, bob, googleToken), detail);
    expectRefused(await preview(url, bob, googleToken), detail);
    expectRefused(await create(url, bob, googleToken), detail);
    const bobsForm = await unboundForm(bob);
    expectRefused(await saveSheet(bobsForm, url, bob, googleToken), detail);
    const kept = await t.request('GET', `/api/v1/forms/${bobsForm}`, { token: bob });
    expect(kept.body.data.form.googleSheetsUrl).toBe('');
  }
  async function expectEveryBindingAccepted(url: string, googleToken?: string) {
    expect((await metadata(url, bob, googleToken)).status).toBe(200);
    expect((await preview(url, bob, googleToken)).status).toBe(200);
    expect((await create(url, bob, googleToken)).status).toBe(201);
    const bobsForm = await unboundForm(bob);
    expect((await saveSheet(bobsForm, url, bob, googleToken)).status).toBe(200);
  }

  it('lets any owner bind a spreadsheet whose link edits, but not one whose link only views or comments', async () => {
    const linkEdit = await spreadsheet('Open sign-ups', { link: 'edit', people: [] });
    await expectEveryBindingAccepted(linkEdit.spreadsheetUrl);
    // Viewable by link, editable by the service account: Drive lists the link as 'anyone' with 'reader'.
    for (const link of ['view', 'comment'] as const) {
      const linkView = await spreadsheet(
        `Open catalogue (${link})`,
        { link, people: [{ email: SA, role: 'edit' }] },
        'ada@example.com',
      );
      await expectEveryBindingRefused(linkView.spreadsheetUrl, BOB_VIEWS_ONLY);
      expect((await status(linkView.spreadsheetUrl, bob)).body.data).toMatchObject({
        accessible: false,
        error: 'NO_OWNER_ACCESS',
        message: BOB_VIEWS_ONLY,
      });
    }
  });

  it('refuses an owner who is a viewer or commenter of it; an editor binds it', async () => {
    for (const role of ['view', 'comment'] as const) {
      const shared = await spreadsheet(
        `Team roster (${role})`,
        {
          link: 'none',
          people: [
            { email: SA, role: 'edit' },
            { email: 'bob@example.com', role },
          ],
        },
        'ada@example.com',
      );
      await expectEveryBindingRefused(shared.spreadsheetUrl, BOB_VIEWS_ONLY);
    }
    const editable = await spreadsheet(
      'Team roster (edit)',
      {
        link: 'none',
        people: [
          { email: SA, role: 'edit' },
          { email: 'bob@example.com', role: 'edit' },
        ],
      },
      'ada@example.com',
    );
    await expectEveryBindingAccepted(editable.spreadsheetUrl);
  });

  it("does not take an email's domain for membership of a Workspace domain (the owner's own token proves it)", async () => {
    const domainWide = await spreadsheet(
      'Company handbook',
      {
        link: 'none',
        people: [{ email: SA, role: 'edit' }],
        domains: [{ domain: 'example.com', role: 'view' }],
      },
      'ada@example.org',
    );
    // A consumer account can have a verified address at example.com without being in its Workspace.
    expectRefused(await preview(domainWide.spreadsheetUrl, bob));
    const otherDomain = await spreadsheet(
      'Other company',
      {
        link: 'none',
        people: [{ email: SA, role: 'edit' }],
        domains: [{ domain: 'example.net', role: 'edit' }],
      },
      'ada@example.org',
    );
    expectRefused(await preview(otherDomain.spreadsheetUrl, bob));
  });

  it("accepts the owner's own Google token when Drive says it can edit, and refuses one that can only view or not open it", async () => {
    // Shared with other Google accounts of Bob's, not the one he signs in with.
    const shared = await spreadsheet(
      'Bob side project',
      {
        link: 'none',
        people: [
          { email: SA, role: 'edit' },
          { email: 'bob.home@example.net', role: 'edit' },
          { email: 'bob.old@example.net', role: 'view' },
        ],
      },
      'ada@example.com',
    );
    const url = shared.spreadsheetUrl;
    const homeToken = await t.issueGoogleAccessToken('bob.home@example.net', DRIVE_SCOPES);
    const viewerToken = await t.issueGoogleAccessToken('bob.old@example.net', DRIVE_SCOPES);
    const strangerToken = await t.issueGoogleAccessToken('mallory@example.net', DRIVE_SCOPES);
    // Drive answers capabilities to a token with a Drive scope only.
    const sheetsOnlyToken = await t.issueGoogleAccessToken('bob.home@example.net');

    expectRefused(await preview(url, bob));
    await expectEveryBindingRefused(url, BOB_VIEWS_ONLY, viewerToken);
    const bobsForm = await unboundForm(bob);
    expectRefused(await saveSheet(bobsForm, url, bob, strangerToken));
    expectRefused(await saveSheet(bobsForm, url, bob, sheetsOnlyToken));
    expectRefused(await saveSheet(bobsForm, url, bob, 'ya29.not-a-real-token'));
    expectRefused(await create(url, bob, strangerToken));

    await expectEveryBindingAccepted(url, homeToken);

    const malformed = await preview(url, bob, 'two words');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).not.toContain('two words');
  });

  it("refuses a token Google issued to another app, even one Drive says can edit it; the web app's own token proves it", async () => {
    const shared = await spreadsheet(
      'Bob elsewhere',
      {
        link: 'none',
        people: [
          { email: SA, role: 'edit' },
          { email: 'bob.home@example.net', role: 'edit' },
        ],
      },
      'ada@example.com',
    );
    const url = shared.spreadsheetUrl;
    const otherApp = '987654321-otherapp.apps.googleusercontent.com';
    // Tokens some other app the editor once allowed holds: one with Drive scopes, one for metadata only.
    const theirDriveToken = await t.issueGoogleAccessToken('bob.home@example.net', DRIVE_SCOPES, otherApp);
    const theirMetadataToken = await t.issueGoogleAccessToken(
      'bob.home@example.net',
      ['https://www.googleapis.com/auth/drive.metadata.readonly'],
      otherApp,
    );
    // Drive answers any app's token: to it, this one edits the spreadsheet.
    const drive = await fetch(
      `${t.emulatorUrl}/drive/v3/files/${shared.spreadsheetId}?fields=capabilities(canEdit)&supportsAllDrives=true`,
      { headers: { authorization: `Bearer ${theirMetadataToken}` } },
    );
    expect(await drive.json()).toEqual({ capabilities: { canEdit: true } });

    // The refusal a token that cannot edit gets, and nothing is remembered.
    await expectEveryBindingRefused(url, BOB_REFUSED, theirMetadataToken);
    await expectEveryBindingRefused(url, BOB_REFUSED, theirDriveToken);
    expect((await status(url, bob)).body.data).toMatchObject({
      accessible: false,
      error: 'NO_OWNER_ACCESS',
      message: BOB_REFUSED,
    });
    const proofs = await t.database.db
      .selectFrom('google_edit_proofs')
      .select('owner_id')
      .where('spreadsheet_id', '=', shared.spreadsheetId)
      .execute();
    expect(proofs).toEqual([]);

    // The same account's token from the web app (our client id) proves it.
    const ourToken = await t.issueGoogleAccessToken('bob.home@example.net', DRIVE_SCOPES);
    await expectEveryBindingAccepted(url, ourToken);
  });

  const syncStateOf = async (responseId: string) => {
    const row = await t.database.db
      .selectFrom('responses')
      .select(['sync_state', 'last_error'])
      .where('id', '=', responseId)
      .executeTakeFirstOrThrow();
    return row;
  };
  const rowsOf = async (spreadsheetId: string) =>
    (
      (await t.emulatorControl('GET', `/spreadsheets/${spreadsheetId}/values/Responses`)) as {
        values: string[][];
      }
    ).values;
  const submitted = async (formId: string, name: string) => {
    const res = await submit(t, formId, { response: { 'Full Name': name } });
    expect(res.status).toBe(201);
    return res.body.data.responseId as string;
  };
  const synced = (responseId: string) =>
    waitFor(async () => ((await syncStateOf(responseId)).sync_state === 'synced' ? true : undefined));
  /** Waits until the worker has looked at the response and held it back with a reason. */
  const heldBack = (responseId: string) =>
    waitFor(async () => {
      const row = await syncStateOf(responseId);
      return row.sync_state === 'pending' && row.last_error ? row : undefined;
    });

  it('keeps syncing a form after its owner loses access once its first write proved it, and its Sheet Status says so', async () => {
    const sheet = await spreadsheet(
      'Shared for a while',
      {
        link: 'none',
        people: [
          { email: SA, role: 'edit' },
          { email: 'bob@example.com', role: 'edit' },
        ],
      },
      'ada@example.com',
    );
    const created = await create(sheet.spreadsheetUrl, bob);
    expect(created.status).toBe(201);
    const formId = created.body.data.formId as string;
    await synced(await submitted(formId, 'First, while Bob edits'));
    expect((await status(sheet.spreadsheetUrl, bob)).body.data).toMatchObject({ accessible: true });

    await t.emulatorControl('PATCH', `/spreadsheets/${sheet.spreadsheetId}`, {
      sharing: { link: 'none', people: [{ email: SA, role: 'edit' }] },
    });
    expect((await status(sheet.spreadsheetUrl, bob)).body.data).toMatchObject({
      accessible: false,
      error: 'NO_OWNER_ACCESS',
      message: BOB_REFUSED,
    });
    // The editor saves the whole form, link included: the binding it already has is no new binding.
    const edited = await t.request('PUT', `/api/v1/forms/${formId}`, {
      token: bob,
      body: { name: 'Renamed', googleSheetsUrl: sheet.spreadsheetUrl, sheetName: 'Responses' },
    });
    expect(edited.status).toBe(200);

    await synced(await submitted(formId, 'Still arrives'));
    expect((await rowsOf(sheet.spreadsheetId)).some((row) => row[0] === 'Still arrives')).toBe(true);
  });

  it('writes nothing into a spreadsheet re-linked to, when its owner may only view it by the first write: the responses wait with the reason', async () => {
    const first = await spreadsheet(
      'Where it was',
      { link: 'none', people: [{ email: SA, role: 'edit' }] },
      'bob@example.com',
    );
    const created = await create(first.spreadsheetUrl, bob);
    expect(created.status).toBe(201);
    const formId = created.body.data.formId as string;
    await synced(await submitted(formId, 'Into the first'));

    const next = await spreadsheet(
      'Ada registrations',
      {
        link: 'none',
        people: [
          { email: SA, role: 'edit' },
          { email: 'bob@example.com', role: 'edit' },
        ],
      },
      'ada@example.com',
    );
    const rebound = await saveSheet(formId, next.spreadsheetUrl, bob);
    expect(rebound.status).toBe(200);
    // Between the binding and the first write Ada makes Bob a viewer.
    await t.emulatorControl('PATCH', `/spreadsheets/${next.spreadsheetId}`, {
      sharing: {
        link: 'none',
        people: [
          { email: SA, role: 'edit' },
          { email: 'bob@example.com', role: 'view' },
        ],
      },
    });
    const waiting = await submitted(formId, 'Must not land');
    const held = await heldBack(waiting);
    expect(held.last_error).toBe(
      'bob@example.com can only view this spreadsheet, so SheetForms writes nothing into it. Ask its owner for edit access (Share > Editor); waiting responses are written once it is given. If you can edit it through a Google group, your organization or a shared drive, choose Verify with Google under the form’s Sheet Status on Manage Forms to prove it.',
    );
    // Nothing was written: no row, and the header row is Ada's as it was.
    expect(await rowsOf(next.spreadsheetId)).toEqual([['Full Name', 'Email']]);
    const row = await t.database.db
      .selectFrom('forms')
      .select('edit_access_proven_for')
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow();
    expect(row.edit_access_proven_for).not.toBe(next.spreadsheetId);
  });

  it('binds a spreadsheet not yet shared with the service account (nothing reaches it); the status tells the owner what to do, and the sync writes nothing for an owner who cannot edit it', async () => {
    const unshared = await spreadsheet('Not shared yet', { link: 'none', people: [] }, 'ada@example.com');
    expect((await create(unshared.spreadsheetUrl, ada)).status).toBe(201);
    expect((await status(unshared.spreadsheetUrl, ada)).body.data).toMatchObject({
      accessible: false,
      error: 'PERMISSION_DENIED',
    });
    // Once it is shared with the service account only, another owner who bound it learns they have no access.
    const bobsForm = await unboundForm(bob);
    expect((await saveSheet(bobsForm, unshared.spreadsheetUrl, bob)).status).toBe(200);
    await t.emulatorControl('PATCH', `/spreadsheets/${unshared.spreadsheetId}`, {
      sharing: { link: 'none', people: [{ email: SA, role: 'edit' }] },
    });
    expect((await status(unshared.spreadsheetUrl, bob)).body.data).toMatchObject({
      error: 'NO_OWNER_ACCESS',
    });
    expectRefused(await preview(unshared.spreadsheetUrl, bob));
    const bobs = await submitted(bobsForm, 'From Bob');
    expect((await heldBack(bobs)).last_error).toBe(
      'bob@example.com does not have edit access to this spreadsheet, so SheetForms writes nothing into it. Ask its owner to share it with bob@example.com as Editor; waiting responses are written once it is. If you can edit it through a Google group, your organization or a shared drive, choose Verify with Google under the form’s Sheet Status on Manage Forms to prove it.',
    );
    expect(await rowsOf(unshared.spreadsheetId)).toEqual([['Full Name', 'Email']]);
    // Ada, its owner, gets her responses written.
    const adasForm = await create(unshared.spreadsheetUrl, ada);
    await synced(await submitted(adasForm.body.data.formId as string, 'From Ada'));
    expect((await rowsOf(unshared.spreadsheetId)).map((r) => r[0])).toEqual(['Full Name', 'From Ada']);
  });
});
