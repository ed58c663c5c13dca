import { DEFAULT_SERVICE_ACCOUNT_EMAIL } from '@sheetforms/google-emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { formBody } from '../../test/forms.js';
import { submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const SA = DEFAULT_SERVICE_ACCOUNT_EMAIL;
const BOB_REFUSED =
  'You do not have access to this spreadsheet as bob@example.com. Ask its owner to share it with bob@example.com, or to set it to "Anyone with the link", then try again.';

type Person = { email: string; role: 'view' | 'edit' };

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDialect("Binding a spreadsheet needs the owner's own access to it", (dialect) => {
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
      link: 'none' | 'view' | 'edit';
      people: Person[];
      domains?: Array<{ domain: string; role: 'view' | 'edit' }>;
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

  it('lets any owner bind a link-shared spreadsheet, as before', async () => {
    const linkEdit = await spreadsheet('Open sign-ups', { link: 'edit', people: [] });
    expect((await preview(linkEdit.spreadsheetUrl, bob)).status).toBe(200);
    expect((await create(linkEdit.spreadsheetUrl, bob)).status).toBe(201);
    // Viewable by link, editable by the service account: Drive lists it as shared with 'anyone'.
    const linkView = await spreadsheet(
      'Open catalogue',
      { link: 'view', people: [{ email: SA, role: 'edit' }] },
      'ada@example.com',
    );
    expect((await metadata(linkView.spreadsheetUrl, bob)).status).toBe(200);
    expect((await status(linkView.spreadsheetUrl, bob)).body.data).toMatchObject({ accessible: true });
  });

  it('lets an owner whose email is among its people bind it, in any role', async () => {
    const shared = await spreadsheet(
      'Team roster',
      {
        link: 'none',
        people: [
          { email: SA, role: 'edit' },
          { email: 'bob@example.com', role: 'view' },
        ],
      },
      'ada@example.com',
    );
    expect((await preview(shared.spreadsheetUrl, bob)).status).toBe(200);
    const bobsForm = await unboundForm(bob);
    expect((await saveSheet(bobsForm, shared.spreadsheetUrl, bob)).status).toBe(200);
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

  it("accepts the owner's own Google token as proof, and refuses a token that does not open it", async () => {
    // Shared with another of Bob's Google accounts, not the one he signs in with.
    const shared = await spreadsheet(
      'Bob side project',
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
    const homeToken = await t.issueGoogleAccessToken('bob.home@example.net');
    const strangerToken = await t.issueGoogleAccessToken('mallory@example.net');

    expectRefused(await preview(url, bob));
    const bobsForm = await unboundForm(bob);
    expectRefused(await saveSheet(bobsForm, url, bob, strangerToken));
    expectRefused(await saveSheet(bobsForm, url, bob, 'ya29.not-a-real-token'));
    expectRefused(await create(url, bob, strangerToken));

    expect((await saveSheet(bobsForm, url, bob, homeToken)).status).toBe(200);
    expect((await preview(url, bob, homeToken)).status).toBe(200);
    expect((await metadata(url, bob, homeToken)).status).toBe(200);
    expect((await create(url, bob, homeToken)).status).toBe(201);

    const malformed = await preview(url, bob, 'two words');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).not.toContain('two words');
  });

  it('keeps syncing a form already bound after its owner loses access, and its Sheet Status says so', async () => {
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

    const res = await submit(t, formId, { response: { 'Full Name': 'Still arrives' } });
    expect(res.status).toBe(201);
    const responseId = res.body.data.responseId as string;
    await waitFor(async () => {
      const sync = await t.request('GET', `/api/v1/forms/responses/${responseId}/sync-status`);
      return sync.body.data.state === 'synced' ? true : undefined;
    });
    const { values } = (await t.emulatorControl(
      'GET',
      `/spreadsheets/${sheet.spreadsheetId}/values/Responses`,
    )) as {
      values: string[][];
    };
    expect(values.some((row) => row[0] === 'Still arrives')).toBe(true);
  });

  it('binds a spreadsheet not yet shared with the service account (nothing reaches it); the status tells the owner what to do', async () => {
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
  });
});
