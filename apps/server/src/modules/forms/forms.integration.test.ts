import { FORM_CHANGED_MESSAGE } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import {
  createForm,
  formBody,
  insertResponse,
  SHEET_URL,
  SPREADSHEET_ID,
  strictlyIncreasingClock,
} from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const DEFAULT_SETTINGS = {
  loginRequired: 0,
  templateEnabled: 0,
  templateUrl: '',
  templates: [],
  signatureEnabled: 0,
  signatureWidth: 400,
  signatureHeight: 200,
  gdprEnabled: 0,
  // New forms tell their owner about each response (issue 24).
  notifyOwner: 1,
};
const OTHER_ID = '1ZyxWVUtsrQPOnmlKJIhgfEDcba9876543210zyxWV';
const OTHER_URL = `https://docs.google.com/spreadsheets/d/${OTHER_ID}/edit`;

describeEachDialect('forms API', (dialect) => {
  let t: TestApp;
  let owner: string;
  let intruder: string;

  const api = (method: string, path: string, token: string, body?: unknown) =>
    t.request(method, `/api/v1${path}`, { token, ...(body === undefined ? {} : { body }) });
  const storedForm = (formId: string) =>
    t.database.db.selectFrom('forms').selectAll().where('form_id', '=', formId).executeTakeFirst();

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      { PUBLIC_URL: 'https://forms.example.com' },
      {
        now: strictlyIncreasingClock(),
      },
    );
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    intruder = (await t.signIn('intruder@example.com', 'Intruder')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a form: 201, message, a 12-character public id, links, Active and default settings', async () => {
    const res = await api('POST', '/forms', owner, formBody({ settings: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Form created successfully!');
    const form = res.body.data;
    expect(form.formId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(form).toMatchObject({
      name: 'Customer Survey',
      description: 'Tell us how we did',
      googleSheetsUrl: SHEET_URL,
      sheetName: 'Sheet1',
      status: 'Active',
      dueDate: '2025-01-01',
      settings: DEFAULT_SETTINGS,
      openFormUrl: `https://forms.example.com/form/${form.formId}`,
      iframeCode: `<iframe src="https://forms.example.com/form/${form.formId}" width="100%" height="800" frameborder="0" style="border:0" title="Customer Survey"></iframe>\n<script src="https://forms.example.com/embed.js" async></script>`,
    });
    // Every field gets a stable id of its own.
    expect(form.jdata).toEqual([
      {
        id: expect.stringMatching(/^f[0-9a-z]{10}$/),
        label: 'Full Name',
        type: 'text',
        required: true,
        placeHolder: 'Enter your full name',
        isRemoved: false,
      },
      {
        id: expect.stringMatching(/^f[0-9a-z]{10}$/),
        label: 'Email',
        type: 'email',
        required: false,
        placeHolder: 'Enter your email',
        isRemoved: false,
      },
    ]);
    expect(form.jdata[0].id).not.toBe(form.jdata[1].id);
    const row = await storedForm(form.formId);
    expect(row?.spreadsheet_id).toBe(SPREADSHEET_ID);
    expect(row?.owner_id).toBeTruthy();
    expect(JSON.parse(row?.settings_json ?? '')).toEqual(DEFAULT_SETTINGS);
  });

  it('applies the defaults of a minimal body: dueDate 2025-01-01, no sheet, empty description', async () => {
    const res = await api('POST', '/forms', owner, { name: 'Bare', jdata: [{ label: 'Only' }] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      dueDate: '2025-01-01',
      googleSheetsUrl: '',
      sheetName: '',
      description: '',
      status: 'Active',
      settings: DEFAULT_SETTINGS,
      jdata: [{ label: 'Only', type: 'text', required: false, placeHolder: '', isRemoved: false }],
    });
    expect((await storedForm(res.body.data.formId))?.spreadsheet_id).toBeNull();
  });

  it('accepts jdata and settings as JSON strings and stores the same shape as objects', async () => {
    const settings = { loginRequired: true, signatureEnabled: 1, signatureWidth: 900, signatureHeight: 300 };
    const asObjects = await createForm(t, owner, { settings });
    const asStrings = await createForm(t, owner, {
      settings: JSON.stringify(settings),
      jdata: JSON.stringify(formBody().jdata),
    });
    const a = await storedForm(asObjects.formId);
    const b = await storedForm(asStrings.formId);
    // The same fields, each with its own new id.
    const withoutIds = (json: string | undefined) =>
      JSON.parse(json ?? '[]').map(({ id: _id, ...field }: Record<string, unknown>) => field);
    expect(withoutIds(b?.fields_json)).toEqual(withoutIds(a?.fields_json));
    expect(b?.settings_json).toBe(a?.settings_json);
    // Out-of-range width falls back to 400; an in-range height is kept; true becomes 1.
    expect(JSON.parse(b?.settings_json ?? '')).toEqual({
      ...DEFAULT_SETTINGS,
      loginRequired: 1,
      signatureEnabled: 1,
      signatureWidth: 400,
      signatureHeight: 300,
    });
  });

  it("rejects invalid forms with the spec's messages", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [formBody({ jdata: [] }), 'Please select fields for the form'],
      [formBody({ jdata: '[]' }), 'Please select fields for the form'],
      [formBody({ name: '  ' }), 'Form name is required'],
      [formBody({ jdata: [{ label: '' }] }), 'Field label is required'],
      [formBody({ jdata: '{not json' }), 'jdata: Invalid input'],
      [formBody({ googleSheetsUrl: 'https://example.com/sheet' }), 'Please enter a valid Google Sheets URL'],
      // The generator's rule only asks the URL to contain Google's address; what is stored follows PUT's rule.
      [
        formBody({ googleSheetsUrl: 'javascript:alert(1)//docs.google.com/spreadsheets/d/1AbcDEFghiJKLmno' }),
        'Please enter a valid Google Sheets URL',
      ],
      [
        formBody({ googleSheetsUrl: 'data:text/html,docs.google.com/spreadsheets/d/1AbcDEFghiJKLmno' }),
        'Please enter a valid Google Sheets URL',
      ],
      [
        formBody({
          googleSheetsUrl: 'https://evil.example/?docs.google.com/spreadsheets/d/1AbcDEFghiJKLmno',
        }),
        'Please enter a valid Google Sheets URL',
      ],
      [formBody({ status: 'Actve' }), 'Status must be Active, Inactive or Closed'],
    ];
    for (const [body, detail] of cases) {
      const res = await api('POST', '/forms', owner, body);
      expect(res.status, detail).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    const created = await api('PUT', `/forms/${(await createForm(t, owner)).formId}`, owner, {
      status: 'Paused',
    });
    expect(created.status).toBe(400);
    expect(created.body.detail).toBe('Status must be Active, Inactive or Closed');
    // A URL typed without its scheme is stored with https.
    const bare = await createForm(t, owner, {
      googleSheetsUrl: 'docs.google.com/spreadsheets/d/1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF/edit',
    });
    expect((await storedForm(bare.formId))?.google_sheets_url).toBe(
      'https://docs.google.com/spreadsheets/d/1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF/edit',
    );
    const unknown = await api('POST', '/forms', owner, formBody({ ownerId: 'someone' }));
    expect(unknown.status).toBe(400);
    expect((await t.request('POST', '/api/v1/forms', { body: formBody() })).status).toBe(401);
  });

  it("lists only the caller's forms, newest first, with response counts", async () => {
    const me = await t.signIn('lister@example.com');
    const first = await createForm(t, me.accessToken, { name: 'First' });
    const second = await createForm(t, me.accessToken, { name: 'Second <b>' });
    await createForm(t, intruder, { name: 'Not yours' });
    await insertResponse(t.database, first.id, new Date().toISOString());
    await insertResponse(t.database, first.id, new Date().toISOString());

    const res = await api('GET', '/forms', me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { name: string }) => f.name)).toEqual(['Second <b>', 'First']);
    expect(res.body.data[0]).toEqual({
      id: second.id,
      formId: second.formId,
      name: 'Second <b>',
      openFormUrl: `https://forms.example.com/form/${second.formId}`,
      googleSheetsUrl: SHEET_URL,
      sheetName: 'Sheet1',
      iframeCode: `<iframe src="https://forms.example.com/form/${second.formId}" width="100%" height="800" frameborder="0" style="border:0" title="Second &lt;b&gt;"></iframe>\n<script src="https://forms.example.com/embed.js" async></script>`,
      status: 'Active',
      createdAt: expect.any(String),
      responseCount: 0,
    });
    expect(res.body.data[1].responseCount).toBe(2);
  });

  it('answers the detail: form, responses, authorized users without passwords, templates', async () => {
    const form = await createForm(t, owner, { name: 'Detailed' });
    const responseId = await insertResponse(t.database, form.id, '2026-01-02T03:04:05.000Z', {
      'Full Name': 'Grace',
    });
    const added = await api('POST', '/forms/add-user', owner, {
      formId: form.formId,
      email: 'guest@example.com',
      name: 'Guest',
    });
    expect(added.status).toBe(201);

    const res = await api('GET', `/forms/${form.formId}`, owner);
    expect(res.status).toBe(200);
    expect(res.body.data.form).toMatchObject({
      formId: form.formId,
      name: 'Detailed',
      settings: DEFAULT_SETTINGS,
    });
    expect(res.body.data.formResponse).toEqual([
      {
        id: responseId,
        response: { 'Full Name': 'Grace' },
        createdAt: '2026-01-02T03:04:05.000Z',
        respondent: null,
        syncState: 'pending',
        syncError: null,
        formResponseWithTemplate: [],
      },
    ]);
    expect(res.body.data.responseCount).toBe(1);
    expect(res.body.data.formUsers).toEqual([
      {
        id: added.body.data.formUser.id,
        name: 'Guest',
        email: 'guest@example.com',
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    expect(JSON.stringify(res.body)).not.toContain(added.body.data.password);
    expect(res.body.data.formTemplate).toEqual([]);

    const missing = await api('GET', '/forms/NoSuchForm00', owner);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Form not found' });
  });

  it('updates the whole form as the editor sends it', async () => {
    const form = await createForm(t, owner);
    const before = (await api('GET', `/forms/${form.formId}`, owner)).body.data.form;
    const jdata = [
      { label: 'Full Name', type: 'text', required: true, placeHolder: 'Your name', isRemoved: false },
      { label: 'Email', type: 'email', required: true, placeHolder: '', isRemoved: true },
      { label: 'Notes', type: 'textarea', required: false, placeHolder: '', isRemoved: false },
    ];
    const res = await api('PUT', `/forms/${form.formId}`, owner, {
      formId: form.formId,
      name: 'Renamed',
      description: 'New text',
      jdata: JSON.stringify(jdata),
      settings: JSON.stringify({ loginRequired: 1, gdprEnabled: 1, signatureHeight: 50 }),
      status: 'Inactive',
      dueDate: '2026-12-31',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Form updated successfully!');
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      description: 'New text',
      jdata,
      // Settings sent replace the stored ones as a whole: a flag left out (notifyOwner) is off.
      settings: {
        ...DEFAULT_SETTINGS,
        loginRequired: 1,
        gdprEnabled: 1,
        signatureHeight: 200,
        notifyOwner: 0,
      },
      status: 'Inactive',
      dueDate: '2026-12-31',
      googleSheetsUrl: SHEET_URL,
      iframeCode: expect.stringContaining('title="Renamed"'),
      createdAt: before.createdAt,
    });
    expect(res.body.data.updatedAt > before.updatedAt).toBe(true);
    const reread = await api('GET', `/forms/${form.formId}`, owner);
    expect(reread.body.data.form).toEqual(res.body.data);

    const empty = await api('PUT', `/forms/${form.formId}`, owner, { jdata: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Please select fields for the form');
  });

  it('refuses a save that expects an updatedAt the form no longer has (saved in another tab): 409, nothing changed', async () => {
    const form = await createForm(t, owner);
    const loaded = (await api('GET', `/forms/${form.formId}`, owner)).body.data.form;
    // Two tabs opened the editor on the same load; the first saves.
    const first = await api('PUT', `/forms/${form.formId}`, owner, {
      name: 'Saved in tab one',
      expectedUpdatedAt: loaded.updatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.body.data.name).toBe('Saved in tab one');

    const second = await api('PUT', `/forms/${form.formId}`, owner, {
      name: 'Saved in tab two',
      description: 'Would overwrite tab one',
      expectedUpdatedAt: loaded.updatedAt,
    });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'FORM_CHANGED', detail: FORM_CHANGED_MESSAGE });
    const stored = (await api('GET', `/forms/${form.formId}`, owner)).body.data.form;
    expect(stored).toEqual(first.body.data);

    // Reloaded, tab two saves.
    const again = await api('PUT', `/forms/${form.formId}`, owner, {
      name: 'Saved in tab two',
      expectedUpdatedAt: stored.updatedAt,
    });
    expect(again.status).toBe(200);
    expect(again.body.data.name).toBe('Saved in tab two');
    // Two saves of one load at the same moment: one is applied, the other refused.
    const raced = await Promise.all(
      ['Race one', 'Race two'].map((name) =>
        api('PUT', `/forms/${form.formId}`, owner, { name, expectedUpdatedAt: again.body.data.updatedAt }),
      ),
    );
    expect(raced.map((res) => res.status).sort()).toEqual([200, 409]);
    // Without an expectation the save is unconditional, as before.
    const unconditional = await api('PUT', `/forms/${form.formId}`, owner, { name: 'Last word' });
    expect(unconditional.status).toBe(200);
    // Another owner learns nothing from the expectation: 404, not 409.
    const intruding = await api('PUT', `/forms/${form.formId}`, intruder, {
      name: 'Intruder',
      expectedUpdatedAt: loaded.updatedAt,
    });
    expect(intruding.status).toBe(404);
    expect((await storedForm(form.formId))?.name).toBe('Last word');
  });

  it('updates only the sheet settings, applying the inline URL rule (empty allowed)', async () => {
    const form = await createForm(t, owner, { name: 'Sheet only' });
    const before = (await api('GET', `/forms/${form.formId}`, owner)).body.data.form;

    const res = await api('PUT', `/forms/${form.formId}`, owner, {
      googleSheetsUrl: OTHER_URL,
      sheetName: 'Responses',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      googleSheetsUrl: OTHER_URL,
      sheetName: 'Responses',
      name: 'Sheet only',
      jdata: before.jdata,
      settings: before.settings,
      description: before.description,
    });
    expect((await storedForm(form.formId))?.spreadsheet_id).toBe(OTHER_ID);

    for (const bad of [`http://docs.google.com/spreadsheets/d/${OTHER_ID}`, 'not a url', `x ${OTHER_URL}`]) {
      const rejected = await api('PUT', `/forms/${form.formId}`, owner, {
        googleSheetsUrl: bad,
        sheetName: 'X',
      });
      expect(rejected.status, bad).toBe(400);
      expect(rejected.body.detail).toBe('Invalid Google Sheets URL format');
    }
    expect((await storedForm(form.formId))?.sheet_name).toBe('Responses');

    const cleared = await api('PUT', `/forms/${form.formId}`, owner, { googleSheetsUrl: '', sheetName: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.googleSheetsUrl).toBe('');
    expect((await storedForm(form.formId))?.spreadsheet_id).toBeNull();
  });

  it('deletes a form with its users and responses', async () => {
    const form = await createForm(t, owner, { name: 'Doomed' });
    const keep = await createForm(t, owner, { name: 'Kept' });
    for (const f of [form, keep]) {
      await insertResponse(t.database, f.id, new Date().toISOString());
      const added = await api('POST', '/forms/add-user', owner, {
        formId: f.formId,
        email: 'member@example.com',
        name: 'Member',
      });
      expect(added.status).toBe(201);
    }
    const count = async (table: 'form_users' | 'responses', formRowId: string) =>
      (await t.database.db.selectFrom(table).select('id').where('form_id', '=', formRowId).execute()).length;
    expect(await count('form_users', form.id)).toBe(1);
    expect(await count('responses', form.id)).toBe(1);

    const res = await api('DELETE', `/forms/${form.formId}`, owner);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: 'Form deleted successfully' });
    expect(await storedForm(form.formId)).toBeUndefined();
    expect(await count('form_users', form.id)).toBe(0);
    expect(await count('responses', form.id)).toBe(0);
    // The other form keeps everything.
    expect(await count('form_users', keep.id)).toBe(1);
    expect(await count('responses', keep.id)).toBe(1);

    expect((await api('GET', `/forms/${form.formId}`, owner)).status).toBe(404);
    const again = await api('DELETE', `/forms/${form.formId}`, owner);
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Form not found');
  });

  it("answers 404 'Form not found' for another owner's form and leaves it untouched", async () => {
    const form = await createForm(t, owner, { name: 'Private' });
    const user = await api('POST', '/forms/add-user', owner, {
      formId: form.formId,
      email: 'insider@example.com',
      name: 'Insider',
    });
    const hashBefore = (
      await t.database.db
        .selectFrom('form_users')
        .select('password_hash')
        .where('id', '=', user.body.data.formUser.id)
        .executeTakeFirst()
    )?.password_hash;

    const attempts = [
      api('GET', `/forms/${form.formId}`, intruder),
      api('PUT', `/forms/${form.formId}`, intruder, { name: 'Hijacked' }),
      api('DELETE', `/forms/${form.formId}`, intruder),
      api('POST', '/forms/add-user', intruder, {
        formId: form.formId,
        email: 'evil@example.com',
        name: 'Evil',
      }),
      api('POST', '/forms/delete-user', intruder, { formId: form.formId, id: user.body.data.formUser.id }),
      api('POST', '/forms/reset-user-password', intruder, {
        formId: form.formId,
        id: user.body.data.formUser.id,
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Form not found' });
    }
    const after = await api('GET', `/forms/${form.formId}`, owner);
    expect(after.body.data.form.name).toBe('Private');
    expect(after.body.data.formUsers.map((u: { email: string }) => u.email)).toEqual(['insider@example.com']);
    const hashAfter = (
      await t.database.db
        .selectFrom('form_users')
        .select('password_hash')
        .where('id', '=', user.body.data.formUser.id)
        .executeTakeFirst()
    )?.password_hash;
    expect(hashAfter).toBe(hashBefore);
    const theirs = await api('GET', '/forms', intruder);
    expect(theirs.body.data.map((f: { formId: string }) => f.formId)).not.toContain(form.formId);
  });

  it('requires a signed-in owner on every forms endpoint', async () => {
    const calls: Array<[string, string]> = [
      ['GET', '/forms'],
      ['GET', '/forms/abc'],
      ['PUT', '/forms/abc'],
      ['DELETE', '/forms/abc'],
      ['POST', '/forms/add-user'],
      ['POST', '/forms/delete-user'],
      ['POST', '/forms/reset-user-password'],
      ['GET', '/users/dashboard-stats'],
    ];
    for (const [method, path] of calls) {
      const res = await t.request(
        method,
        `/api/v1${path}`,
        method === 'GET' || method === 'DELETE' ? {} : { body: {} },
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('documents the forms, form-users and stats endpoints in OpenAPI with the contract schemas', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/forms',
        '/api/v1/forms/{formId}',
        '/api/v1/forms/add-user',
        '/api/v1/forms/delete-user',
        '/api/v1/forms/reset-user-password',
        '/api/v1/users/dashboard-stats',
      ]),
    );
    expect(res.body.paths['/api/v1/forms/add-user'].post.tags).toEqual(['form-users']);
    expect(res.body.paths['/api/v1/users/dashboard-stats'].get.tags).toEqual(['stats']);
    expect(res.body.paths['/api/v1/forms/{formId}'].put.tags).toEqual(['forms']);
    expect(Object.keys(res.body.components.schemas)).toEqual(
      expect.arrayContaining([
        'Form',
        'FormListItem',
        'FormDetail',
        'FormUserWithPassword',
        'DashboardStats',
      ]),
    );
  });
});
