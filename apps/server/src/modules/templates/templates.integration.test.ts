import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm, strictlyIncreasingClock } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const DOC_URL = 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit';
const OTHER_DOC_URL = 'https://docs.google.com/document/d/1OtherDocAbcdefghijklmnopqrstuvwxyz98765/edit';

describeEachDialect('templates API', (dialect) => {
  let t: TestApp;
  let owner: string;
  let intruder: string;

  const api = (method: string, path: string, token: string | undefined, body?: unknown) =>
    t.request(method, `/api/v1${path}`, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
    });
  const addTemplate = async (formId: string, body: Record<string, unknown> = {}) => {
    const res = await api('POST', `/forms/${formId}/templates`, owner, {
      name: 'Certificate',
      googleDocsUrl: DOC_URL,
      content: '<p>Hello {{Full Name}}</p>',
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; name: string; googleDocsUrl: string; content: string };
  };
  const detail = async (formId: string) => (await api('GET', `/forms/${formId}`, owner)).body.data;
  const storedContent = async (templateId: string) =>
    (
      await t.database.db
        .selectFrom('form_templates')
        .select('content')
        .where('id', '=', templateId)
        .executeTakeFirst()
    )?.content;

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { now: strictlyIncreasingClock() });
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    intruder = (await t.signIn('intruder@example.com', 'Intruder')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds a template: 201 with its data, and the form shows it with templateEnabled 1', async () => {
    const form = await createForm(t, owner);
    const res = await api('POST', `/forms/${form.formId}/templates`, owner, {
      name: '  Certificate  ',
      googleDocsUrl: DOC_URL,
      content: '<h1>Certificate</h1><p>For {{Full Name}}</p>',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: {
        id: expect.any(String),
        name: 'Certificate',
        googleDocsUrl: DOC_URL,
        content: '<h1>Certificate</h1><p>For {{Full Name}}</p>',
      },
      message: 'Template added successfully',
    });
    const data = await detail(form.formId);
    expect(data.formTemplate).toEqual([res.body.data]);
    expect(data.form.settings.templateEnabled).toBe(1);
    expect(data.form.settings.templates).toEqual([res.body.data]);
  });

  it('stores the HTML sanitized: scripts, frames, handlers, javascript: links, internal images and css url() go', async () => {
    const form = await createForm(t, owner);
    const dirty = [
      '<p onclick="steal()">Hi {{Full Name}}</p>',
      '<script>fetch("/api/v1/forms")</script>',
      '<iframe src="https://evil.example"></iframe>',
      '<img src="x" onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      '<img src="http://169.254.169.254/latest/meta-data/">',
      '<p style="background:url(http://169.254.169.254/);color:red">styled</p>',
    ].join('');
    const template = await addTemplate(form.formId, { content: dirty });
    const clean = '<p>Hi {{Full Name}}</p><a>click</a><p style="color:red">styled</p>';
    expect(template.content).toBe(clean);
    expect(await storedContent(template.id)).toBe(clean);

    const edited = await api('PUT', `/forms/${form.formId}/templates/${template.id}`, owner, {
      content: '<p>v2</p><object data="x"></object><svg onload="x()"></svg>',
    });
    expect(edited.status).toBe(200);
    expect(await storedContent(template.id)).toBe('<p>v2</p>');
  });

  it("validates with the spec's messages", async () => {
    const form = await createForm(t, owner);
    const post = (body: unknown) => api('POST', `/forms/${form.formId}/templates`, owner, body);
    for (const body of [
      { name: '', googleDocsUrl: DOC_URL },
      { name: 'X', googleDocsUrl: '  ' },
      { content: '<p>x</p>' },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(TEMPLATE_MESSAGES.bothRequired);
    }
    for (const url of [
      'https://example.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345',
      'https://docs.google.com/document/d/short/edit',
      'not a url',
    ]) {
      const res = await post({ name: 'X', googleDocsUrl: url });
      expect(res.status, url).toBe(400);
      expect(res.body.detail).toBe('Please enter a valid Google Docs URL');
    }
    // A spreadsheet URL is a valid template source (imported as a table).
    const sheet = await post({
      name: 'Sheet',
      googleDocsUrl:
        'https://docs.google.com/spreadsheets/d/1AbcDEFghiJKLmnoPQRstuVWxyz0123456789abcdEF/edit',
    });
    expect(sheet.status).toBe(201);

    const template = await addTemplate(form.formId);
    const put = (body: unknown) => api('PUT', `/forms/${form.formId}/templates/${template.id}`, owner, body);
    const emptyName = await put({ name: '   ' });
    expect(emptyName.status).toBe(400);
    expect(emptyName.body.detail).toBe(TEMPLATE_MESSAGES.nameEmpty);
    const badUrl = await put({ googleDocsUrl: 'https://evil.example/x' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.detail).toBe('Please enter a valid Google Docs URL');
    const unknownKey = await put({ name: 'X', formId: 'other' });
    expect(unknownKey.status).toBe(400);
    const nul = await post({ name: 'Bad\u0000name', googleDocsUrl: DOC_URL });
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('VALIDATION_FAILED');
    const nulContent = await put({ content: '<p>a\u0000b</p>' });
    expect(nulContent.status).toBe(400);

    const unchanged = await api('GET', `/forms/${form.formId}`, owner);
    expect(unchanged.body.data.formTemplate.find((x: { id: string }) => x.id === template.id)).toEqual(
      template,
    );
  });

  it('refuses a Docs URL that only contains Google’s address, and stores the https edit address of the id', async () => {
    const form = await createForm(t, owner);
    const id = '1DocIdAbcdefghijklmnopqrstuvwxyz012345';
    for (const url of [
      `javascript:alert(1)//docs.google.com/document/d/${id}`,
      `https://evil.example/?https://docs.google.com/document/d/${id}`,
      `https://docs.google.com.evil.example/document/d/${id}/edit`,
    ]) {
      const res = await api('POST', `/forms/${form.formId}/templates`, owner, {
        name: 'X',
        googleDocsUrl: url,
        content: '<p>x</p>',
      });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_DOCS_URL', detail: TEMPLATE_MESSAGES.docsUrlInvalid });
    }
    const added = await addTemplate(form.formId, {
      googleDocsUrl: `docs.google.com/document/d/${id}/edit?usp=sharing#heading=h.1`,
    });
    expect(added.googleDocsUrl).toBe(`https://docs.google.com/document/d/${id}/edit`);
    const updated = await api('PUT', `/forms/${form.formId}/templates/${added.id}`, owner, {
      googleDocsUrl: `http://docs.google.com/spreadsheets/d/${id}/edit#gid=3`,
    });
    expect(updated.body.data.googleDocsUrl).toBe(`https://docs.google.com/spreadsheets/d/${id}/edit`);
    const stored = await t.database.db
      .selectFrom('form_templates')
      .select('google_docs_url')
      .where('id', '=', added.id)
      .executeTakeFirst();
    expect(stored?.google_docs_url).toBe(`https://docs.google.com/spreadsheets/d/${id}/edit`);
  });

  it('answers a URL stored before the rule was held to the whole text normalised, or empty when it is no Docs URL', async () => {
    const form = await createForm(t, owner);
    const id = '1DocIdAbcdefghijklmnopqrstuvwxyz012345';
    const kept = await addTemplate(form.formId);
    const dropped = await addTemplate(form.formId, { name: 'Old' });
    const store = (templateId: string, url: string) =>
      t.database.db
        .updateTable('form_templates')
        .set({ google_docs_url: url })
        .where('id', '=', templateId)
        .execute();
    await store(kept.id, `https://docs.google.com/document/d/${id}/edit?usp=sharing`);
    await store(dropped.id, `javascript:alert(1)//docs.google.com/document/d/${id}`);
    const urls = (await detail(form.formId)).formTemplate.map(
      (x: { googleDocsUrl: string }) => x.googleDocsUrl,
    );
    expect(urls).toEqual([`https://docs.google.com/document/d/${id}/edit`, '']);
  });

  it('updates what is sent and nothing else', async () => {
    const form = await createForm(t, owner);
    const template = await addTemplate(form.formId);
    const res = await api('PUT', `/forms/${form.formId}/templates/${template.id}`, owner, {
      name: 'Renamed',
      googleDocsUrl: OTHER_DOC_URL,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { ...template, name: 'Renamed', googleDocsUrl: OTHER_DOC_URL },
      message: 'Template updated successfully',
    });
    expect((await detail(form.formId)).formTemplate).toEqual([res.body.data]);
  });

  it('answers 413 TEMPLATE_TOO_LARGE over 1 MB sent or kept, and for an oversized body', async () => {
    const form = await createForm(t, owner);
    // 1.2 MB of kept text: within the route's body limit, over the stored cap.
    const big = `<p>${'a'.repeat(1.2 * 1024 * 1024)}</p>`;
    const tooBig = await api('POST', `/forms/${form.formId}/templates`, owner, {
      name: 'Big',
      googleDocsUrl: DOC_URL,
      content: big,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toContain('application/problem+json');
    expect(tooBig.body).toMatchObject({ code: 'TEMPLATE_TOO_LARGE', detail: TEMPLATE_MESSAGES.tooLarge });

    // 1.2 MB that would sanitize to almost nothing is refused too: the cap holds for what is sent, so no
    // more than 1 MB of HTML is ever parsed.
    const scripts = `<p>ok</p><script>${'x'.repeat(1.2 * 1024 * 1024)}</script>`;
    const sentTooBig = await api('POST', `/forms/${form.formId}/templates`, owner, {
      name: 'Scripts',
      googleDocsUrl: DOC_URL,
      content: scripts,
    });
    expect(sentTooBig.status).toBe(413);
    expect(sentTooBig.body).toMatchObject({ code: 'TEMPLATE_TOO_LARGE' });

    // Within 1 MB sent but over it once sanitized (each `>` of the text is kept as `&gt;`): refused as well.
    const unclosed = `<p>${'>'.repeat(300_000)}</p>`;
    const keptTooBig = await api('POST', `/forms/${form.formId}/templates`, owner, {
      name: 'Unclosed',
      googleDocsUrl: DOC_URL,
      content: unclosed,
    });
    expect(keptTooBig.status).toBe(413);

    // Just under the cap is kept.
    const atCap = `<p>${'b'.repeat(TEMPLATE_LIMITS.contentMaxBytes - 7)}</p>`;
    const fits = await api('POST', `/forms/${form.formId}/templates`, owner, {
      name: 'Fits',
      googleDocsUrl: DOC_URL,
      content: atCap,
    });
    expect(fits.status).toBe(201);

    const huge = await api('POST', `/forms/${form.formId}/templates`, owner, {
      name: 'Huge',
      googleDocsUrl: DOC_URL,
      content: 'c'.repeat(3 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'TEMPLATE_TOO_LARGE', detail: TEMPLATE_MESSAGES.tooLarge });
    const hugeEdit = await api('PUT', `/forms/${form.formId}/templates/${fits.body.data.id}`, owner, {
      content: 'c'.repeat(3 * 1024 * 1024),
    });
    expect(hugeEdit.status).toBe(413);

    expect((await detail(form.formId)).formTemplate.map((x: { name: string }) => x.name)).toEqual(['Fits']);
  });

  describe('templateEnabled (spec 001 section 4)', () => {
    it('is 1 after adding; after a delete, 1 if more than one template existed before, else 0', async () => {
      const form = await createForm(t, owner);
      const flag = async () => (await detail(form.formId)).form.settings.templateEnabled;
      expect(await flag()).toBe(0);
      const a = await addTemplate(form.formId, { name: 'A' });
      const b = await addTemplate(form.formId, { name: 'B' });
      expect(await flag()).toBe(1);

      const del = await api('DELETE', `/forms/${form.formId}/templates/${a.id}`, owner);
      expect(del.status).toBe(200);
      expect(del.body).toEqual({ data: null, message: 'Template deleted successfully!' });
      expect(await flag()).toBe(1);
      expect((await detail(form.formId)).formTemplate.map((x: { id: string }) => x.id)).toEqual([b.id]);

      await api('DELETE', `/forms/${form.formId}/templates/${b.id}`, owner);
      expect(await flag()).toBe(0);
      expect((await detail(form.formId)).formTemplate).toEqual([]);

      // The owner turns the toggle on without templates (to sign in to Google first); adding keeps it on.
      const on = await api('PUT', `/forms/${form.formId}`, owner, { settings: { templateEnabled: 1 } });
      expect(on.body.data.settings.templateEnabled).toBe(1);
      await addTemplate(form.formId);
      expect(await flag()).toBe(1);
    });

    it('changes only the flag of the stored settings', async () => {
      const form = await createForm(t, owner, {
        settings: { loginRequired: 1, signatureEnabled: 1, gdprEnabled: 1 },
      });
      const template = await addTemplate(form.formId);
      await api('DELETE', `/forms/${form.formId}/templates/${template.id}`, owner);
      expect((await detail(form.formId)).form.settings).toMatchObject({
        loginRequired: 1,
        signatureEnabled: 1,
        gdprEnabled: 1,
        templateEnabled: 0,
      });
    });
  });

  it('never stores templates sent with the form settings (they could skip the sanitizer)', async () => {
    const form = await createForm(t, owner, {
      settings: {
        templates: [{ id: 'x', name: 'Evil', googleDocsUrl: DOC_URL, content: '<script>1</script>' }],
      },
    });
    const kept = await addTemplate(form.formId, { name: 'Kept' });
    const res = await api('PUT', `/forms/${form.formId}`, owner, {
      settings: {
        templateEnabled: 1,
        templates: [
          { id: 'y', name: 'Evil', googleDocsUrl: DOC_URL, content: '<img src=x onerror=alert(1)>' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.settings.templates).toEqual([kept]);
    const row = await t.database.db
      .selectFrom('forms')
      .select('settings_json')
      .where('form_id', '=', form.formId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings_json).templates).toEqual([]);
    expect(row.settings_json).not.toContain('onerror');
    expect((await detail(form.formId)).formTemplate).toEqual([kept]);
  });

  it("answers 404 for another owner's form or template, and leaves them untouched", async () => {
    const form = await createForm(t, owner);
    const template = await addTemplate(form.formId);
    const theirForm = await createForm(t, intruder);
    const body = { name: 'Hijack', googleDocsUrl: DOC_URL, content: '<p>x</p>' };
    const formAttempts = [
      api('POST', `/forms/${form.formId}/templates`, intruder, body),
      api('PUT', `/forms/${form.formId}/templates/${template.id}`, intruder, body),
      api('DELETE', `/forms/${form.formId}/templates/${template.id}`, intruder),
    ];
    for (const res of await Promise.all(formAttempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Form not found' });
    }
    // Their own form id with my template id: the template is not in their form.
    const crossAttempts = [
      api('PUT', `/forms/${theirForm.formId}/templates/${template.id}`, intruder, body),
      api('DELETE', `/forms/${theirForm.formId}/templates/${template.id}`, intruder),
      api('DELETE', `/forms/${form.formId}/templates/no-such-template`, owner),
    ];
    for (const res of await Promise.all(crossAttempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'TEMPLATE_NOT_FOUND', detail: TEMPLATE_MESSAGES.notFound });
    }
    expect((await detail(form.formId)).formTemplate).toEqual([template]);
    expect((await api('GET', `/forms/${theirForm.formId}`, intruder)).body.data.formTemplate).toEqual([]);
  });

  it('requires a signed-in owner', async () => {
    const form = await createForm(t, owner);
    const template = await addTemplate(form.formId);
    for (const [method, path] of [
      ['POST', `/forms/${form.formId}/templates`],
      ['PUT', `/forms/${form.formId}/templates/${template.id}`],
      ['DELETE', `/forms/${form.formId}/templates/${template.id}`],
    ] as const) {
      const res = await api(method, path, undefined, method === 'DELETE' ? undefined : { name: 'x' });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('deletes the templates with their form', async () => {
    const form = await createForm(t, owner);
    const template = await addTemplate(form.formId);
    expect((await api('DELETE', `/forms/${form.formId}`, owner)).status).toBe(200);
    expect(await storedContent(template.id)).toBeUndefined();
  });
});
