import fs from 'node:fs';
import { PDF_MAX_PAGES, PDF_MESSAGES, TEMPLATE_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm, insertResponse, strictlyIncreasingClock } from '../../test/forms.js';
import { makePng, submit, uploadSignature } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { countingServer, readPdf, readStoredZip, TEST_CHROMIUM } from './pdf.test-support.js';

const hasChromium = fs.existsSync(TEST_CHROMIUM);
if (!hasChromium) console.warn(`PDF route tests with a browser skipped: no Chromium at ${TEST_CHROMIUM}`);

const DOC_URL = 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit';
const CERTIFICATE =
  '<h1>Certificate</h1><p>Awarded to {{Full Name}}</p><p>Response {{Response ID}}</p><p>{{Signature}}</p>';

/** Raw HTTP with a binary body (PDF or ZIP) and the headers a download depends on. */
async function download(
  t: TestApp,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  },
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const res = await fetch(`${t.url}/api/v1${path}`, { method: 'POST', headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    bytes,
    problem: type.includes('json') ? JSON.parse(bytes.toString('utf8')) : undefined,
  };
}

describeEachDialect('PDF export API', (dialect) => {
  let t: TestApp;
  let owner: string;
  let intruder: string;
  let formId: string;
  let formRowId: string;
  let templateId: string;
  let signedResponseId: string;
  let plainResponseId: string;
  let signatureUrl: string;

  const api = (method: string, path: string, token: string | undefined, body?: unknown) =>
    t.request(method, `/api/v1${path}`, {
      ...(token ? { token } : {}),
      ...(body === undefined ? {} : { body }),
    });
  const addTemplate = async (form: string, name: string, content: string) => {
    const res = await api('POST', `/forms/${form}/templates`, owner, {
      name,
      googleDocsUrl: DOC_URL,
      content,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as string;
  };
  /** A response stored as the public form stores it, without a signature. */
  const store = (rowId: string, answers: Record<string, string>) =>
    insertResponse(t.database, rowId, new Date().toISOString(), answers);

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      // A render's budget here covers Chromium's cold start beside the rest of the suite on two busy cores
      // (15 s, the default, was once not enough); the timeout itself is tested with an app of its own below.
      { PDF_RATE_LIMIT_PER_MINUTE: '10000', PDF_TIMEOUT_MS: '45000' },
      { now: strictlyIncreasingClock() },
    );
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    intruder = (await t.signIn('intruder@example.com', 'Intruder')).accessToken;
    const form = await createForm(t, owner, { settings: { loginRequired: 0, signatureEnabled: 1 } });
    formId = form.formId;
    formRowId = form.id;
    templateId = await addTemplate(formId, 'Certificate', CERTIFICATE);
    const upload = await uploadSignature(t, formId, makePng(60, 30));
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    signatureUrl = upload.body.data.signature;
    const signed = await submit(t, formId, {
      response: { 'Full Name': 'Ada Lovelace', signature: signatureUrl },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    signedResponseId = signed.body.data.responseId;
    plainResponseId = await store(formRowId, { 'Full Name': 'Grace <b>Hopper</b>' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  describe.skipIf(!hasChromium)('with Chromium', () => {
    it('renders a stored response with its template: the answer, the id and the signature image', async () => {
      const res = await download(t, `/forms/${formId}/responses/${signedResponseId}/pdf`, {
        token: owner,
        json: { templateId },
      });
      expect(res.status, res.problem?.detail).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Certificate.pdf"');
      const pdf = await readPdf(res.bytes);
      expect(pdf.pages).toBe(1);
      expect(pdf.text).toContain('Awarded to Ada Lovelace');
      expect(pdf.text).toContain(`Response ${signedResponseId}`);
      // {{Signature}} became an inline image (the renderer fetches nothing, so it had to be inlined).
      expect(pdf.images).toBe(1);
      expect(pdf.size).toEqual([595, 842]);

      const unsigned = await download(t, `/forms/${formId}/responses/${plainResponseId}/pdf`, {
        token: owner,
        json: { templateId },
      });
      const plain = await readPdf(unsigned.bytes);
      // An answer is text, never markup.
      expect(plain.text).toContain('Awarded to Grace <b>Hopper</b>');
      expect(plain.images).toBe(0);
    }, 60_000);

    it('prints on Letter for owners whose browser prefers a Letter region', async () => {
      const res = await download(t, `/forms/${formId}/responses/${plainResponseId}/pdf`, {
        token: owner,
        json: { templateId },
        headers: { 'accept-language': 'en-US,en;q=0.9' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toMatch(/accept-language/i);
      expect((await readPdf(res.bytes)).size).toEqual([612, 792]);
    }, 60_000);

    it('names the file after a non-ASCII template with RFC 5987', async () => {
      const id = await addTemplate(formId, 'Attestation – élève', '<p>{{Full Name}}</p>');
      const res = await download(t, `/forms/${formId}/responses/${plainResponseId}/pdf`, {
        token: owner,
        json: { templateId: id },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Attestation _ eleve.pdf"; filename*=UTF-8''Attestation%20%E2%80%93%20%C3%A9l%C3%A8ve.pdf`,
      );
    }, 60_000);

    it('html-to-pdf: renders posted HTML, sanitized, and fetches nothing it names', async () => {
      const target = await countingServer();
      try {
        const res = await download(t, '/forms/html-to-pdf', {
          token: owner,
          form: {
            html:
              `<p id="t">Posted text</p><img src="${target.base}/x.png">` +
              `<script>document.getElementById('t').textContent = 'SCRIPT RAN'</script>` +
              `<p style="background:url(${target.base}/bg.png)">styled</p>`,
            fileName: 'Certificate',
            formId,
          },
        });
        expect(res.status, res.problem?.detail).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('content-disposition')).toBe('attachment; filename="Certificate.pdf"');
        const pdf = await readPdf(res.bytes);
        expect(pdf.text).toContain('Posted text');
        expect(pdf.text).toContain('styled');
        expect(pdf.text).not.toContain('SCRIPT RAN');
        expect(target.hits).toEqual([]);
      } finally {
        await target.close();
      }
    }, 60_000);

    it("html-to-pdf: inlines the form's own signature image (the page's filled template names its URL)", async () => {
      const other = await createForm(t, owner, { settings: { loginRequired: 0, signatureEnabled: 1 } });
      const foreign = await uploadSignature(t, other.formId, makePng(20, 10));
      const post = (src: string) =>
        download(t, '/forms/html-to-pdf', {
          token: owner,
          form: { html: `<p>Signed</p><p><img src="${src}" alt="Signature"></p>`, fileName: 'x', formId },
        });
      expect((await readPdf((await post(signatureUrl)).bytes)).images).toBe(1);
      // Another form's signature, even the same owner's, is not this form's: dropped like any URL.
      expect((await readPdf((await post(foreign.body.data.signature)).bytes)).images).toBe(0);
    }, 60_000);

    it('html-to-pdf: a non-ASCII fileName, and the form name when there is none', async () => {
      const named = await download(t, '/forms/html-to-pdf', {
        token: owner,
        form: { html: '<p>x</p>', fileName: 'Reçu', formId },
      });
      expect(named.headers.get('content-disposition')).toBe(
        `attachment; filename="Recu.pdf"; filename*=UTF-8''Re%C3%A7u.pdf`,
      );
      const unnamed = await download(t, '/forms/html-to-pdf', {
        token: owner,
        form: { html: '<p>x</p>', formId },
      });
      expect(unnamed.headers.get('content-disposition')).toBe('attachment; filename="Customer Survey.pdf"');
    }, 60_000);

    it('ZIP: the selected responses, one PDF each, in the order asked', async () => {
      const third = await store(formRowId, { 'Full Name': 'Katherine Johnson' });
      const ids = [third, signedResponseId, plainResponseId];
      const res = await download(t, `/forms/${formId}/responses/pdf-zip`, {
        token: owner,
        json: { templateId, responseIds: [...ids, third] },
      });
      expect(res.status, res.problem?.detail).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Certificate.zip"');
      const entries = readStoredZip(res.bytes);
      // The repeated id is one entry.
      expect(entries.map((entry) => entry.name)).toEqual(ids.map((id) => `Certificate - ${id}.pdf`));
      const texts = await Promise.all(entries.map(async (entry) => (await readPdf(entry.data)).text));
      expect(texts[0]).toContain('Katherine Johnson');
      expect(texts[1]).toContain('Ada Lovelace');
      expect(texts[2]).toContain('Grace <b>Hopper</b>');
    }, 120_000);
  });

  it('a template with no content: 400 with the spec message', async () => {
    const empty = await addTemplate(formId, 'Empty', '<p> </p>');
    const res = await download(t, `/forms/${formId}/responses/${plainResponseId}/pdf`, {
      token: owner,
      json: { templateId: empty },
    });
    expect(res.status).toBe(400);
    expect(res.problem.detail).toBe(PDF_MESSAGES.noContent);
    const zip = await download(t, `/forms/${formId}/responses/pdf-zip`, {
      token: owner,
      json: { templateId: empty, responseIds: [plainResponseId] },
    });
    expect(zip.status).toBe(400);
    expect(zip.problem.detail).toBe(PDF_MESSAGES.noContent);
  });

  it('html-to-pdf: empty or script-only html is 400 with the spec message', async () => {
    for (const html of ['', '   ', '<script>alert(1)</script>', '<iframe src="x"></iframe>']) {
      const res = await download(t, '/forms/html-to-pdf', {
        token: owner,
        form: { html, fileName: 'x', formId },
      });
      expect(res.status, html).toBe(400);
      expect(res.problem.detail).toBe(PDF_MESSAGES.noContent);
    }
    const noHtmlField = await download(t, '/forms/html-to-pdf', { token: owner, form: { formId } });
    expect(noHtmlField.status).toBe(400);
    expect(noHtmlField.problem.detail).toBe(PDF_MESSAGES.noContent);
  });

  it('html-to-pdf: 3 MB of html is 413; a missing formId 400; JSON is not its format (415)', async () => {
    const big = await download(t, '/forms/html-to-pdf', {
      token: owner,
      form: { html: `<p>${'a'.repeat(3 * 1024 * 1024)}</p>`, fileName: 'big', formId },
    });
    expect(big.status).toBe(413);
    expect(big.problem.code).toBe('PAYLOAD_TOO_LARGE');

    const noForm = await download(t, '/forms/html-to-pdf', { token: owner, form: { html: '<p>x</p>' } });
    expect(noForm.status).toBe(400);
    expect(noForm.problem.detail).toBe('Form ID is required');

    const json = await download(t, '/forms/html-to-pdf', {
      token: owner,
      json: { html: '<p>x</p>', formId },
    });
    expect(json.status).toBe(415);
  });

  it('is owner-scoped: another owner, unknown ids and other forms are 404; no token is 401', async () => {
    const other = await createForm(t, owner);
    const otherForm = other.formId;
    const otherTemplate = await addTemplate(otherForm, 'Other', '<p>{{Full Name}}</p>');
    const otherResponse = await store(other.id, { 'Full Name': 'Someone Else' });
    const one = (form: string, response: string, template: string, token?: string) =>
      download(t, `/forms/${form}/responses/${response}/pdf`, {
        ...(token ? { token } : {}),
        json: { templateId: template },
      });
    const zip = (form: string, ids: string[], template: string, token?: string) =>
      download(t, `/forms/${form}/responses/pdf-zip`, {
        ...(token ? { token } : {}),
        json: { templateId: template, responseIds: ids },
      });

    const cases: Array<[Promise<Awaited<ReturnType<typeof download>>>, number, string | undefined]> = [
      [one(formId, plainResponseId, templateId, intruder), 404, 'Form not found'],
      [one('no-such-form', plainResponseId, templateId, owner), 404, 'Form not found'],
      [one(formId, plainResponseId, 'no-such-template', owner), 404, TEMPLATE_MESSAGES.notFound],
      [one(formId, plainResponseId, otherTemplate, owner), 404, TEMPLATE_MESSAGES.notFound],
      [one(formId, 'no-such-response', templateId, owner), 404, 'Response not found'],
      [one(formId, otherResponse, templateId, owner), 404, 'Response not found'],
      [one(formId, plainResponseId, templateId), 401, undefined],
      [zip(formId, [plainResponseId], templateId, intruder), 404, 'Form not found'],
      [zip(formId, [plainResponseId, otherResponse], templateId, owner), 404, 'Response not found'],
      [zip(formId, [plainResponseId], otherTemplate, owner), 404, TEMPLATE_MESSAGES.notFound],
      [zip(formId, [plainResponseId], templateId), 401, undefined],
    ];
    for (const [pending, status, detail] of cases) {
      const res = await pending;
      expect(res.status, JSON.stringify(res.problem)).toBe(status);
      if (detail) expect(res.problem.detail).toBe(detail);
    }

    const html = (token: string | undefined, form: string) =>
      download(t, '/forms/html-to-pdf', {
        ...(token ? { token } : {}),
        form: { html: '<p>x</p>', formId: form },
      });
    expect((await html(intruder, formId)).status).toBe(404);
    expect((await html(owner, 'no-such-form')).status).toBe(404);
    expect((await html(undefined, formId)).status).toBe(401);
  });

  it('documents the three calls in OpenAPI, html-to-pdf as a urlencoded form', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/forms/html-to-pdf',
        '/api/v1/forms/{formId}/responses/{responseId}/pdf',
        '/api/v1/forms/{formId}/responses/pdf-zip',
      ]),
    );
    const htmlToPdf = res.body.paths['/api/v1/forms/html-to-pdf'].post;
    expect(Object.keys(htmlToPdf.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
  });

  it('ZIP: at most 500 ids, at least one (400)', async () => {
    const tooMany = Array.from({ length: 501 }, (_, i) => `id-${i}`);
    expect(
      (
        await download(t, `/forms/${formId}/responses/pdf-zip`, {
          token: owner,
          json: { templateId, responseIds: tooMany },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await download(t, `/forms/${formId}/responses/pdf-zip`, {
          token: owner,
          json: { templateId, responseIds: [] },
        })
      ).status,
    ).toBe(400);
  });
});

describe('PDF export API under limits [sqlite]', () => {
  it('answers 503 with the spec message when there is no Chromium, and the rest of the server works', async () => {
    const t = await startTestApp('sqlite', { CHROMIUM_PATH: '/nonexistent/chromium' });
    try {
      const owner = (await t.signIn('owner@example.com')).accessToken;
      const formId = (await createForm(t, owner)).formId;
      const res = await download(t, '/forms/html-to-pdf', {
        token: owner,
        form: { html: '<p>x</p>', formId },
      });
      expect(res.status).toBe(503);
      expect(res.problem).toMatchObject({ code: 'PDF_UNAVAILABLE', detail: PDF_MESSAGES.needsChromium });
      expect((await t.request('GET', '/api/v1/forms', { token: owner })).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('limits each user per route (429 RATE_LIMITED)', async () => {
    const t = await startTestApp('sqlite', { PDF_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const owner = (await t.signIn('owner@example.com')).accessToken;
      const other = (await t.signIn('other@example.com')).accessToken;
      const formId = (await createForm(t, owner)).formId;
      const post = (token: string) =>
        download(t, '/forms/html-to-pdf', { token, form: { html: '', formId } });
      expect((await post(owner)).status).toBe(400);
      expect((await post(owner)).status).toBe(400);
      const limited = await post(owner);
      expect(limited.status).toBe(429);
      expect(limited.problem.code).toBe('RATE_LIMITED');
      // Another user has their own budget (their request reaches the service: 404, not their form).
      expect((await post(other)).status).toBe(404);
    } finally {
      await t.close();
    }
  }, 60_000);

  describe.skipIf(!hasChromium)('with Chromium', () => {
    it('a full queue answers 429 with Retry-After at once; a job past its time answers 503', async () => {
      const t = await startTestApp('sqlite', { PDF_CONCURRENCY: '1', PDF_QUEUE_LIMIT: '0' });
      try {
        const owner = (await t.signIn('owner@example.com')).accessToken;
        const formId = (await createForm(t, owner)).formId;
        const post = () =>
          download(t, '/forms/html-to-pdf', {
            token: owner,
            form: { html: `<p>${'Some text. '.repeat(20_000)}</p>`, formId },
          });
        const results = await Promise.all(Array.from({ length: 6 }, post));
        const statuses = results.map((res) => res.status);
        expect(statuses).toContain(200);
        expect(statuses).toContain(429);
        expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
        const busy = results.find((res) => res.status === 429);
        expect(busy?.problem).toMatchObject({ code: 'PDF_BUSY', detail: PDF_MESSAGES.busy });
        expect(Number(busy?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      } finally {
        await t.close();
      }

      const slow = await startTestApp('sqlite', { PDF_TIMEOUT_MS: '1' });
      try {
        const owner = (await slow.signIn('owner@example.com')).accessToken;
        const formId = (await createForm(slow, owner)).formId;
        const res = await download(slow, '/forms/html-to-pdf', {
          token: owner,
          form: { html: '<p>x</p>', formId },
        });
        expect(res.status).toBe(503);
        expect(res.problem).toMatchObject({ code: 'PDF_TIMEOUT', detail: PDF_MESSAGES.timedOut });
      } finally {
        await slow.close();
      }
    }, 120_000);

    it(`refuses a document longer than ${PDF_MAX_PAGES} pages with 422 and says so`, async () => {
      const t = await startTestApp('sqlite');
      try {
        const owner = (await t.signIn('owner@example.com')).accessToken;
        const formId = (await createForm(t, owner)).formId;
        // About 27 paragraphs to an A4 page: some 300 pages.
        const lines = Array.from({ length: 8_000 }, (_, i) => `<p>Line ${i + 1}</p>`).join('');
        const res = await download(t, '/forms/html-to-pdf', { token: owner, form: { html: lines, formId } });
        expect(res.status).toBe(422);
        expect(res.problem).toMatchObject({ code: 'PDF_TOO_LONG', detail: PDF_MESSAGES.tooLong });
        expect(PDF_MESSAGES.tooLong).toBe(
          'The PDF would be longer than 200 pages. Shorten the template or the answers.',
        );
      } finally {
        await t.close();
      }
    }, 120_000);
  });
});
