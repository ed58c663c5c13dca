import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { addFormUser, createPublicForm, submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const WEB_ROOT = fileURLToPath(new URL('../../../../web/', import.meta.url));
const CSS = '.pf-shell{margin:0 auto}';

let webDist: Promise<string> | undefined;

/**
 * A web build for these tests: the real server renderer (Vite's `form-ssr` build of
 * apps/web/src/public-form/entry-server.tsx) beside a small form.html and stylesheet. Built once.
 */
function buildWebDist(): Promise<string> {
  webDist ??= (async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-form-page-'));
    // A production build, as `npm run build` makes it (Vitest runs with NODE_ENV=test, which would pick
    // React's development JSX runtime).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        configFile: path.join(WEB_ROOT, 'vite.config.ts'),
        root: WEB_ROOT,
        mode: 'form-ssr',
        logLevel: 'silent',
        build: { outDir: path.join(dist, 'server'), emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'form-test.css'), CSS);
    fs.writeFileSync(path.join(dist, 'assets', 'form-test.js'), 'export {};');
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>SheetForms</title><div id="root"></div>',
    );
    fs.writeFileSync(
      path.join(dist, 'form.html'),
      [
        '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Form · SheetForms</title>',
        '<script type="module" crossorigin src="/assets/form-test.js"></script>',
        '<link rel="stylesheet" crossorigin href="/assets/form-test.css">',
        '</head><body><div id="root"></div></body></html>',
      ].join('\n'),
    );
    return dist;
  })();
  return webDist;
}

// Every suite of this file is done with the build: remove it.
afterAll(async () => {
  const built = webDist;
  webDist = undefined;
  if (built) fs.rmSync(await built, { recursive: true, force: true });
});

const FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: 'Your name' },
  { label: 'Email', type: 'email', required: false, placeHolder: '' },
  // A label that is also the honeypot's name must not be mistaken for it.
  { label: 'website', type: 'text', required: false, placeHolder: '' },
];

/** The page's inlined data, read back as the browser reads it. */
function pageData(html: string): { formId: string; nonce: string; view: Record<string, any> } {
  const match = /<script type="application\/json" id="sf-form-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no inlined data');
  return JSON.parse(match[1]);
}

function post(
  t: TestApp,
  formId: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${t.url}/form/${encodeURIComponent(formId)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

const answers = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([label, value]) => [`answer:${label}`, value]));

describeEachDialect('the public form rendered on the server', (dialect) => {
  let t: TestApp;
  let owner: string;
  const rowsOf = (formRowId: string) =>
    t.database.db.selectFrom('responses').selectAll().where('form_id', '=', formRowId).execute();
  const page = async (formId: string) => {
    const res = await fetch(`${t.url}/form/${encodeURIComponent(formId)}`);
    return { status: res.status, headers: res.headers, html: await res.text() };
  };

  beforeAll(async () => {
    const dist = await buildWebDist();
    t = await startTestApp(dialect, { SERVE_WEB: 'true', WEB_DIST_DIR: dist });
    owner = (await t.signIn('form-page@example.com', 'Owner')).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sends the form in the HTML: title, fields as a plain POST form, the stylesheet and the public view inline', async () => {
    const form = await createPublicForm(t, owner, {
      name: 'Spring Meetup',
      description: 'Save your seat.',
      jdata: FIELDS,
    });
    const res = await page(form.formId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const { html } = res;
    expect(html).toContain('<title>Spring Meetup · SheetForms</title>');
    expect(html).toContain('<meta name="description" content="Save your seat.">');
    expect(html).toContain('>Spring Meetup</h1>');
    expect(html).toContain('Save your seat.');
    expect(html).toContain(`action="/form/${form.formId}" method="post"`);
    expect(html).toMatch(/<input[^>]*name="answer:Full Name"/);
    expect(html).toMatch(/<input[^>]*name="answer:Email"/);
    expect(html).toMatch(/<input[^>]*name="answer:website"/);
    expect(html).toMatch(/<input[^>]*name="website"/);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');

    const data = pageData(html);
    const validated = await t.request('GET', `/api/v1/forms/validate-form?formId=${form.formId}`);
    expect(data).toEqual({
      formId: form.formId,
      nonce: expect.any(String),
      view: { kind: 'form', form: validated.body.data },
    });
    expect(html).toContain(`name="submission" value="${data.nonce}"`);

    // Every page sent has a nonce of its own.
    const again = pageData((await page(form.formId)).html);
    expect(again.nonce).not.toBe(data.nonce);
  });

  it('compresses the page for browsers that accept it', async () => {
    const form = await createPublicForm(t, owner, { jdata: FIELDS });
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${t.url}/form/${form.formId}`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.text()).toContain('name="answer:Full Name"');
    }
  });

  it('compresses a large page too (off the main thread), whole', async () => {
    // Twenty fields of 500 options, the most a form may offer: a page of megabytes.
    const jdata = Array.from({ length: 20 }, (_, field) => ({
      label: `Pick ${field}`,
      type: 'checkboxes',
      required: false,
      placeHolder: '',
      options: Array.from({ length: 500 }, (_, option) => `Choice ${field}-${option}`),
    }));
    const form = await createPublicForm(t, owner, { jdata });
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${t.url}/form/${form.formId}`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      const html = await res.text();
      expect(html.length).toBeGreaterThan(64 * 1024);
      expect(html).toContain('Choice 19-499');
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
    }
    // One option more is refused when the form is saved.
    const more = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: owner,
      body: { jdata: [...jdata, { ...jdata[0], label: 'One more', options: ['Extra'] }] },
    });
    expect(more.status).toBe(400);
    expect(JSON.stringify(more.body)).toContain('A form can offer at most 10,000 options in all');
  });

  it('renders the new form after the owner changes it, and the 404 page after it is deleted', async () => {
    const form = await createPublicForm(t, owner, { name: 'Before', jdata: FIELDS });
    expect((await page(form.formId)).html).toContain('>Before</h1>');
    const updated = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: owner,
      body: {
        name: 'After',
        jdata: [...FIELDS, { label: 'Company', type: 'text', required: false, placeHolder: '' }],
      },
    });
    expect(updated.status).toBe(200);
    const after = await page(form.formId);
    expect(after.html).toContain('>After</h1>');
    expect(after.html).not.toContain('>Before</h1>');
    expect(after.html).toMatch(/<input[^>]*name="answer:Company"/);

    expect((await t.request('DELETE', `/api/v1/forms/${form.formId}`, { token: owner })).status).toBe(200);
    const gone = await page(form.formId);
    expect(gone.status).toBe(404);
    expect(gone.html).toContain('Form not found');
  });

  it('keeps a hostile form name and label inert: text in the page, a string in the data', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const form = await createPublicForm(t, owner, {
      name: hostile,
      description: `${hostile}\u2028`,
      jdata: [{ label: `x${hostile}`, type: 'text', required: false, placeHolder: hostile }],
    });
    const { html } = await page(form.formId);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--<');
    // The only scripts are the entry and the data.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The description in the head is the same text, escaped, and the only one.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta name="description" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--">',
    );
    const data = pageData(html);
    expect(data.view.form.name).toBe(hostile);
    expect(data.view.form.description).toBe(`${hostile}\u2028`);
    expect(data.view.form.jdata[0].label).toBe(`x${hostile}`);
  });

  it('describes the form in the head: its own text escaped and cut, or a sentence naming it', async () => {
    const quoted = `Say "hi" <script>alert('x')</script> & bring a friend.\n\n${'More details follow. '.repeat(10)}`;
    const described = await createPublicForm(t, owner, {
      name: 'Quotes',
      description: quoted,
      jdata: FIELDS,
    });
    const head = (await page(described.formId)).html.split('</head>')[0] ?? '';
    const content = /<meta name="description" content="([^"]*)">/.exec(head)?.[1];
    expect(content).toMatch(
      /^Say &quot;hi&quot; &lt;script&gt;alert\(&#39;x&#39;\)&lt;\/script&gt; &amp; bring a friend\. More details follow\. .*…$/,
    );
    expect(head).not.toContain('<script>alert');
    // At most 155 characters of text once the browser has read the entities back.
    const text = content?.replace(/&(quot|lt|gt|amp|#39);/g, '_') ?? '';
    expect(Array.from(text).length).toBeLessThanOrEqual(155);

    const bare = await createPublicForm(t, owner, { name: 'Café & "Co"', description: '', jdata: FIELDS });
    expect((await page(bare.formId)).html).toContain(
      '<meta name="description" content="Fill in “Café &amp; &quot;Co&quot;” online, a form made with SheetForms.">',
    );
  });

  it('shows nothing of a login-protected form, and the 404 page for an unknown one', async () => {
    const form = await createPublicForm(t, owner, {
      name: 'Members Only',
      settings: { loginRequired: 1 },
      jdata: FIELDS,
    });
    const res = await page(form.formId);
    expect(res.status).toBe(200);
    expect(res.html).not.toContain('Members Only');
    expect(res.html).not.toContain('Full Name');
    expect(res.html).toContain(
      '<meta name="description" content="Log in to fill in this form, made with SheetForms.">',
    );
    expect(res.html).toContain('logging in needs JavaScript');
    expect(pageData(res.html).view).toEqual({ kind: 'login' });

    for (const id of ['no-such-form', 'bad%00id']) {
      const missing = await page(decodeURIComponent(id));
      expect(missing.status).toBe(404);
      expect(missing.html).toContain('Form not found');
    }
  });

  it('prefills checkboxes from a value of thousands of parts, reading at most 500 of them', async () => {
    const options = Array.from({ length: 500 }, (_, index) => `Option ${index}`);
    const form = await createPublicForm(t, owner, {
      jdata: [{ label: 'Extras', type: 'checkboxes', required: false, placeHolder: '', options }],
    });
    const values = async (query: string) => {
      const res = await fetch(`${t.url}/form/${form.formId}?${query}`);
      expect(res.status).toBe(200);
      return pageData(await res.text()).view.values;
    };
    expect(await values('Extras=option%207,Option%208')).toEqual({ Extras: ['Option 7', 'Option 8'] });
    // Past the 500th part nothing is read, however many follow (the address's cost stays bounded).
    expect(await values(`Extras=${'x,'.repeat(7000)}option%207`)).toBeUndefined();
    expect(await values(`Extras=option%209,${'x,'.repeat(7000)}`)).toEqual({ Extras: ['Option 9'] });
  });

  describe('fields labelled like the members every JavaScript object has', () => {
    // A label is the owner's to choose: 'constructor', 'toString' or '__proto__' must be read as any
    // other label, never as what a plain object inherits (that made the page a 500 for every visitor).
    const PROTO_FIELDS = [
      {
        label: 'constructor',
        type: 'radio',
        required: false,
        placeHolder: '',
        options: ['Alpha', 'Beta'],
        allowOther: true,
      },
      {
        label: 'toString',
        type: 'checkboxes',
        required: false,
        placeHolder: '',
        options: ['Red', 'Green'],
        allowOther: true,
      },
      { label: '__proto__', type: 'hidden', required: false, placeHolder: '' },
      { label: 'valueOf', type: 'text', required: false, placeHolder: '' },
      { label: 'hasOwnProperty', type: 'email', required: false, placeHolder: '' },
    ];
    /** Label → answer as JSON.parse reads it: '__proto__' an own key like the others. */
    const byLabel = (entries: [string, unknown][]) => JSON.parse(JSON.stringify(Object.fromEntries(entries)));

    it('renders the page, prefills it from the address and keeps the answers of a refused POST', async () => {
      const form = await createPublicForm(t, owner, { jdata: PROTO_FIELDS });
      const plain = await page(form.formId);
      expect(plain.status).toBe(200);
      expect(plain.html).toMatch(/<input[^>]*name="answer:constructor"[^>]*value="Alpha"/);
      expect(pageData(plain.html).view.values).toBeUndefined();

      const query = 'constructor=beta&toString=red,Green&__proto__=campaign-7&valueOf=hello';
      const res = await fetch(`${t.url}/form/${form.formId}?${query}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(pageData(html).view.values).toEqual(
        byLabel([
          ['constructor', 'Beta'],
          ['toString', ['Red', 'Green']],
          ['__proto__', 'campaign-7'],
          ['valueOf', 'hello'],
        ]),
      );
      const input = (name: string, value: string) =>
        html
          .match(/<input[^>]*>/g)
          ?.find((tag) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`));
      expect(input('answer:constructor', 'Beta')).toContain('checked=""');
      expect(input('answer:constructor', 'Alpha')).not.toContain('checked=""');
      expect(input('answer:toString', 'Red')).toContain('checked=""');
      expect(input('answer:toString', 'Green')).toContain('checked=""');
      expect(input('answer:__proto__', 'campaign-7')).toBeDefined();
      expect(input('answer:valueOf', 'hello')).toBeDefined();

      // Refused (the email is not one): every answer comes back under its own label, the error under its.
      const { nonce } = pageData(html);
      const refused = await post(t, form.formId, {
        ...answers(
          byLabel([
            ['constructor', 'Beta'],
            ['__proto__', 'campaign-7'],
            ['valueOf', 'hello'],
            ['hasOwnProperty', 'nope'],
          ]),
        ),
        submission: nonce,
      });
      expect(refused.status).toBe(400);
      const again = pageData(await refused.text()).view;
      expect(again.errors).toEqual(byLabel([['hasOwnProperty', 'hasOwnProperty must be a valid email']]));
      expect(again.values).toEqual(
        byLabel([
          ['constructor', 'Beta'],
          ['__proto__', 'campaign-7'],
          ['valueOf', 'hello'],
          ['hasOwnProperty', 'nope'],
        ]),
      );
      expect(await rowsOf(form.id)).toHaveLength(0);
    });

    it('stores their answers under their labels, from the JSON API and the no-JavaScript POST', async () => {
      const form = await createPublicForm(t, owner, { jdata: PROTO_FIELDS });
      const validated = await t.request('GET', `/api/v1/forms/validate-form?formId=${form.formId}`);
      const protoId = validated.body.data.jdata.find(
        (field: { label: string }) => field.label === '__proto__',
      ).id;
      const stored = byLabel([
        ['constructor', 'Beta'],
        ['toString', 'Green, Purple'],
        ['__proto__', 'campaign-7'],
        ['valueOf', 'hello'],
      ]);

      // JSON refuses a '__proto__' key before any answer is read (prototype poisoning): the page sends
      // that field under its id, which the server takes as well.
      const sent = await submit(t, form.formId, {
        response: {
          constructor: 'Beta',
          toString: ['Green', 'Purple'],
          [protoId]: 'campaign-7',
          valueOf: 'hello',
        },
      });
      expect(sent.status).toBe(201);
      const poisoned = await t.request('POST', `/api/v1/forms/${form.formId}/submit-form`, {
        headers: { 'content-type': 'application/json' },
        rawBody: '{"idempotencyKey":"proto-key-1","response":{"__proto__":"x","valueOf":"hi"}}',
      });
      expect(poisoned.status).toBe(400);

      const { nonce } = pageData((await page(form.formId)).html);
      const posted = new URLSearchParams([
        ['answer:constructor', 'Beta'],
        ['answer:toString', 'Green'],
        ['answer:toString', '__other__'],
        ['other:toString', 'Purple'],
        ['answer:__proto__', 'campaign-7'],
        ['answer:valueOf', 'hello'],
        ['submission', nonce],
      ]);
      const res = await fetch(`${t.url}/form/${form.formId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: posted.toString(),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Thank You!');

      const rows = await rowsOf(form.id);
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(JSON.parse(row.answers_json)).toEqual(stored);
    });
  });

  it('never sends the server renderer itself', async () => {
    expect((await fetch(`${t.url}/server/public-form.mjs`)).status).toBe(404);
  });

  describe('without JavaScript: POST /form/{formId}', () => {
    it('stores the answers once per page and answers the thank-you page', async () => {
      const form = await createPublicForm(t, owner, { jdata: FIELDS });
      const { nonce } = pageData((await page(form.formId)).html);
      const sent = {
        ...answers({ 'Full Name': 'Ada Lovelace', Email: ' ada@example.org ', website: 'ada.dev' }),
        submission: nonce,
        website: '',
      };

      const first = await post(t, form.formId, sent);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const thanks = await first.text();
      expect(thanks).toContain('Thank You!');
      expect(thanks).toContain('Your form has been submitted successfully.');
      expect(pageData(thanks).view).toEqual({ kind: 'submitted' });

      // A double click, or the browser sending the POST again: the same response.
      expect((await post(t, form.formId, sent)).status).toBe(200);
      const rows = await rowsOf(form.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.sync_state).toBe('pending');
      expect(JSON.parse(rows[0]?.answers_json ?? '')).toEqual({
        'Full Name': 'Ada Lovelace',
        Email: 'ada@example.org',
        website: 'ada.dev',
      });

      // Back, change an answer, submit from the same page: a second response.
      expect((await post(t, form.formId, { ...sent, 'answer:Full Name': 'Grace Hopper' })).status).toBe(200);
      expect(await rowsOf(form.id)).toHaveLength(2);
    });

    it('answers 400 with the form again: the errors under their fields and the answers kept', async () => {
      const form = await createPublicForm(t, owner, { jdata: FIELDS });
      const { nonce } = pageData((await page(form.formId)).html);
      const res = await post(t, form.formId, {
        ...answers({ 'Full Name': '', Email: 'not-an-email', website: 'kept <b>' }),
        submission: nonce,
      });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('Full Name is required');
      expect(html).toContain('Email must be a valid email');
      expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="answer:Full Name"/);
      expect(html).toMatch(/<input[^>]*name="answer:Email" value="not-an-email"/);
      expect(html).toMatch(/<input[^>]*name="answer:website" value="kept &lt;b&gt;"/);
      const data = pageData(html);
      expect(data.view.errors).toEqual({
        'Full Name': 'Full Name is required',
        Email: 'Email must be a valid email',
      });
      expect(data.nonce).not.toBe(nonce);
      expect(await rowsOf(form.id)).toHaveLength(0);

      // Nothing answered at all: the message above the form.
      const optional = await createPublicForm(t, owner, {
        jdata: [{ label: 'Email', type: 'email', required: false, placeHolder: '' }],
      });
      const empty = await post(t, optional.formId, { ...answers({ Email: '' }), submission: nonce });
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain('Please fill in at least one field');
    });

    it('discards a filled honeypot like a success, and refuses a missing page nonce, NUL and other bodies', async () => {
      const form = await createPublicForm(t, owner, { jdata: FIELDS });
      const { nonce } = pageData((await page(form.formId)).html);
      const bot = await post(t, form.formId, {
        ...answers({ 'Full Name': 'Bot' }),
        submission: nonce,
        website: 'http://spam',
      });
      expect(bot.status).toBe(200);
      expect(await bot.text()).toContain('Thank You!');

      const noNonce = await post(t, form.formId, answers({ 'Full Name': 'Ada' }));
      expect(noNonce.status).toBe(400);
      expect(await noNonce.text()).toContain('This page has expired');

      const nul = await post(t, form.formId, { ...answers({ 'Full Name': 'A\u0000da' }), submission: nonce });
      expect(nul.status).toBe(400);
      expect(nul.headers.get('content-type')).toBe('text/html; charset=utf-8');

      const json = await fetch(`${t.url}/form/${form.formId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ response: { 'Full Name': 'Ada' } }),
      });
      expect(json.status).toBe(415);
      expect(json.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await rowsOf(form.id)).toHaveLength(0);
    });

    it('answers 409 for a closed form, 401 for a login-protected one and 404 for an unknown one', async () => {
      const closed = await createPublicForm(t, owner, { status: 'Inactive', jdata: FIELDS });
      const closedRes = await post(t, closed.formId, {
        ...answers({ 'Full Name': 'Ada' }),
        submission: 'n'.repeat(22),
      });
      expect(closedRes.status).toBe(409);
      expect(await closedRes.text()).toContain('This form is not accepting responses right now');

      const guarded = await createPublicForm(t, owner, { settings: { loginRequired: 1 }, jdata: FIELDS });
      await addFormUser(t, owner, guarded.formId, 'member@example.org');
      const guardedRes = await post(t, guarded.formId, {
        ...answers({ 'Full Name': 'Ada' }),
        submission: 'n'.repeat(22),
      });
      expect(guardedRes.status).toBe(401);
      expect(await guardedRes.text()).toContain('logging in needs JavaScript');

      const missing = await post(t, 'no-such-form', {
        ...answers({ 'Full Name': 'Ada' }),
        submission: 'n'.repeat(22),
      });
      expect(missing.status).toBe(404);
      expect(await rowsOf(closed.id)).toHaveLength(0);
      expect(await rowsOf(guarded.id)).toHaveLength(0);
    });
  });
});

describe('the no-JavaScript POST and the JSON API share their rate limits', () => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    const dist = await buildWebDist();
    t = await startTestApp('sqlite', {
      SERVE_WEB: 'true',
      WEB_DIST_DIR: dist,
      PUBLIC_RATE_LIMIT_PER_MINUTE: '2',
    });
    owner = (await t.signIn('form-page-limits@example.com', 'Owner')).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers the page with 429 once a visitor used up the budget for a form', async () => {
    const form = await createPublicForm(t, owner, { jdata: FIELDS });
    expect((await submit(t, form.formId, { response: { 'Full Name': 'Ada' } })).status).toBe(201);
    const ok = await post(t, form.formId, {
      ...answers({ 'Full Name': 'Grace' }),
      submission: 'n'.repeat(22),
    });
    expect(ok.status).toBe(200);
    const limited = await post(t, form.formId, {
      ...answers({ 'Full Name': 'Alan' }),
      submission: 'm'.repeat(22),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await limited.text()).toContain('Too many requests. Please try again later.');
    expect((await submit(t, form.formId, { response: { 'Full Name': 'Alan' } })).status).toBe(429);
  });

  it('limits prefilled addresses per visitor (each is rendered for its request), never the cached page', async () => {
    const form = await createPublicForm(t, owner, { jdata: FIELDS });
    const open = (query: string) => fetch(`${t.url}/form/${form.formId}${query}`);
    // PUBLIC_RATE_LIMIT_PER_MINUTE × 5 = 10 addresses with a query a minute.
    // Addresses that prefill nothing are the cached page: never counted.
    for (let index = 0; index < 5; index += 1) {
      const res = await open(`?utm_source=newsletter-${index}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    for (let index = 0; index < 10; index += 1) {
      const res = await open(`?Full%20Name=Ada${index}`);
      expect(res.status, `address ${index}`).toBe(200);
      await res.arrayBuffer();
    }
    const limited = await open('?Full%20Name=Grace');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited.headers.get('content-type')).toContain('text/html');
    const html = await limited.text();
    expect(html).toContain('Too many requests. Please try again later.');
    expect(html).not.toContain('Grace');
    // The form's one cached page is still served to the same visitor, with or without other parameters.
    for (const query of ['', '?utm_source=newsletter&fbclid=abc']) {
      const plain = await open(query);
      expect(plain.status, query).toBe(200);
      expect(await plain.text()).toContain('Full Name');
    }
  });
});
