import { FIELD_LABEL_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { formBody } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * What a form binds to: distinct labels that are not SheetForms' own columns, and the tab's sheetId,
 * stored when the form is created or re-linked (the sheet sync finds the tab by it afterwards).
 */
describeEachDialect('form binding', (dialect) => {
  let t: TestApp;
  let owner: string;
  let ownerEmail: string;

  const api = (method: string, path: string, body?: unknown) =>
    t.request(method, `/api/v1${path}`, { token: owner, ...(body === undefined ? {} : { body }) });
  const stored = (formId: string) =>
    t.database.db
      .selectFrom('forms')
      .select(['sheet_id', 'sheet_name', 'sync_paused_reason'])
      .where('form_id', '=', formId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    ownerEmail = 'binder@example.com';
    owner = (await t.signIn(ownerEmail, 'Binder')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  /** A spreadsheet the owner owns, shared with the service account, with two tabs. */
  async function spreadsheet(): Promise<{ url: string; tabs: Array<{ sheetId: number; title: string }> }> {
    const created = await t.emulatorControl('POST', '/spreadsheets', {
      title: 'Bindings',
      ownerEmail,
      sheets: [
        { title: 'Intro', rows: [['About']] },
        { title: 'Sign-ups', rows: [['Name', 'Email']] },
      ],
      sharing: { link: 'edit', people: [] },
    });
    const id = created.spreadsheetId as string;
    const tabs = created.sheets as Array<{ sheetId: number; title: string }>;
    return { url: `https://docs.google.com/spreadsheets/d/${id}/edit`, tabs };
  }

  it('refuses duplicate labels and SheetForms’ own columns as fields, on create and on edit', async () => {
    const twice = await api('POST', '/forms', formBody({ jdata: [{ label: 'Name' }, { label: ' name ' }] }));
    expect(twice.status).toBe(400);
    expect(twice.body.detail).toBe(FIELD_LABEL_MESSAGES.duplicate('Name'));

    const system = await api(
      'POST',
      '/forms',
      formBody({ jdata: [{ label: 'Name' }, { label: 'Timestamp' }] }),
    );
    expect(system.status).toBe(400);
    expect(system.body.detail).toBe(FIELD_LABEL_MESSAGES.system('Timestamp'));

    const { url } = await spreadsheet();
    const created = await api('POST', '/forms', formBody({ googleSheetsUrl: url, sheetName: 'Sign-ups' }));
    expect(created.status).toBe(201);
    const formId = created.body.data.formId as string;
    const edit = await api('PUT', `/forms/${formId}`, {
      jdata: [{ label: 'Email' }, { label: 'email' }],
    });
    expect(edit.status).toBe(400);
    expect(edit.body.detail).toBe(FIELD_LABEL_MESSAGES.duplicate('Email'));
    // A removed (hidden) field may keep an old label.
    const removed = await api('PUT', `/forms/${formId}`, {
      jdata: [{ label: 'Email' }, { label: 'email', isRemoved: true }],
    });
    expect(removed.status).toBe(200);
  });

  it("records a proof of edit access made with the owner's own Google token; any other binding is proven again by the first write", async () => {
    const proven = async (formId: string) =>
      (
        await t.database.db
          .selectFrom('forms')
          .select('edit_access_proven_for')
          .where('form_id', '=', formId)
          .executeTakeFirstOrThrow()
      ).edit_access_proven_for;
    const { url } = await spreadsheet();
    const bySharing = await api('POST', '/forms', formBody({ googleSheetsUrl: url, sheetName: 'Sign-ups' }));
    expect(bySharing.status).toBe(201);
    expect(await proven(bySharing.body.data.formId)).toBeNull();

    // A spreadsheet not looked at yet (a decision is reused for a minute, whichever way it was made).
    const fresh = await spreadsheet();
    const freshId = fresh.url.split('/d/')[1]?.split('/')[0];
    const token = await t.issueGoogleAccessToken(ownerEmail, [
      'https://www.googleapis.com/auth/drive.readonly',
    ]);
    const byToken = await t.request('POST', '/api/v1/forms', {
      token: owner,
      headers: { 'x-google-access-token': token },
      body: formBody({ googleSheetsUrl: fresh.url, sheetName: 'Sign-ups' }),
    });
    expect(byToken.status).toBe(201);
    const formId = byToken.body.data.formId as string;
    expect(await proven(formId)).toBe(freshId);
    // Another tab of the same spreadsheet keeps the proof; another spreadsheet, or none, does not.
    expect(
      (await api('PUT', `/forms/${formId}`, { googleSheetsUrl: fresh.url, sheetName: 'Intro' })).status,
    ).toBe(200);
    expect(await proven(formId)).toBe(freshId);
    const other = await spreadsheet();
    expect(
      (await api('PUT', `/forms/${formId}`, { googleSheetsUrl: other.url, sheetName: 'Intro' })).status,
    ).toBe(200);
    expect(await proven(formId)).toBeNull();
    expect((await api('PUT', `/forms/${formId}`, { googleSheetsUrl: '', sheetName: '' })).status).toBe(200);
    expect(await proven(formId)).toBeNull();
  });

  it('stores the bound tab’s sheetId at creation and when the form is re-linked to another tab', async () => {
    const { url, tabs } = await spreadsheet();
    const signUps = tabs.find((tab) => tab.title === 'Sign-ups');
    const intro = tabs.find((tab) => tab.title === 'Intro');
    const created = await api('POST', '/forms', formBody({ googleSheetsUrl: url, sheetName: 'Sign-ups' }));
    expect(created.status).toBe(201);
    const formId = created.body.data.formId as string;
    expect(Number((await stored(formId)).sheet_id)).toBe(signUps?.sheetId);

    const moved = await api('PUT', `/forms/${formId}`, { googleSheetsUrl: url, sheetName: 'Intro' });
    expect(moved.status).toBe(200);
    expect(Number((await stored(formId)).sheet_id)).toBe(intro?.sheetId);

    // A tab that does not exist yet: bound at the first write, which creates it.
    await api('PUT', `/forms/${formId}`, { googleSheetsUrl: url, sheetName: 'New tab' });
    expect((await stored(formId)).sheet_id).toBeNull();
  });
});
