/**
 * Bad input against every public endpoint, and text with NUL (U+0000) against the owner endpoints that
 * store text: each case must get the expected 4xx with a clear message, never a 5xx (PostgreSQL cannot
 * store NUL in text), and nothing already stored may change. Cases come from tables, so the count is exact:
 * see docs/reliability.md for the figure and how to run this file.
 */
import { PREFILL_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { formBody, SHEET_URL } from '../../test/forms.js';
import {
  addFormUser,
  countStored,
  createPublicForm,
  makePng,
  makePngClaiming,
  submit,
  uploadSignature,
} from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const BODY_LIMIT = 16_384;
const DOC_URL = 'https://docs.google.com/document/d/1DocIdAbcdefghijklmnopqrstuvwxyz012345/edit';

interface Case {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array | FormData;
  status: number;
  /** A part of the expected detail, when the case has a specific message. */
  detail?: string;
}

const NUL = 'Text must not contain NUL characters';
const json = (value: unknown) => JSON.stringify(value);
const JSON_HEADERS = { 'content-type': 'application/json' };

function multipart(parts: Array<[string, string | Blob, string?]>): FormData {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName ?? 'signature.png');
  }
  return form;
}
const blob = (bytes: Uint8Array, type = 'image/png') => new Blob([new Uint8Array(bytes)], { type });

function rawMultipart(
  boundary: string,
  text: string,
  contentType = `multipart/form-data; boundary=${boundary}`,
) {
  return { headers: { 'content-type': contentType }, body: new TextEncoder().encode(text) };
}

describeEachDialect('bad input to the public endpoints', (dialect) => {
  let t: TestApp;
  let formId: string;
  let signatureFormId: string;
  let loginFormId: string;
  let storedAnswers: string;
  let storedUpload: string;
  let owner: string;
  let templateId: string;
  let formUserId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, { BODY_LIMIT_BYTES: String(BODY_LIMIT) });
    owner = (await t.signIn('owner@example.com')).accessToken;
    const jdata = [
      { label: 'Full Name', type: 'text', required: true, placeHolder: '' },
      { label: 'Email', type: 'email', required: false, placeHolder: '' },
      { label: 'Age', type: 'number', required: false, placeHolder: '' },
      { label: 'Day', type: 'date', required: false, placeHolder: '' },
    ];
    formId = (await createPublicForm(t, owner, { jdata })).formId;
    signatureFormId = (await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } })).formId;
    loginFormId = (await createPublicForm(t, owner, { settings: { loginRequired: 1 } })).formId;
    formUserId = (await addFormUser(t, owner, loginFormId, 'user@example.com')).formUser.id;
    const template = await t.request('POST', `/api/v1/forms/${formId}/templates`, {
      token: owner,
      body: { name: 'Receipt', googleDocsUrl: DOC_URL, content: '<p>{{Full Name}}</p>' },
    });
    expect(template.status).toBe(201);
    templateId = template.body.data.id;
    // Something stored already, which no bad request may touch.
    const seeded = await submit(t, formId, { response: { 'Full Name': 'Seed', Email: 'seed@example.com' } });
    expect(seeded.status).toBe(201);
    const upload = await uploadSignature(t, signatureFormId, makePng());
    expect(upload.status).toBe(201);
    storedUpload = upload.body.data.signature;
    storedAnswers = await snapshot();
  });
  afterAll(async () => {
    await t.close();
  });

  async function snapshot(): Promise<string> {
    const responses = await t.database.db.selectFrom('responses').selectAll().orderBy('id').execute();
    const uploads = await t.database.db.selectFrom('uploads').selectAll().orderBy('key').execute();
    // What the owner endpoints write: a refused request must leave every one of these as it was.
    const forms = await t.database.db.selectFrom('forms').selectAll().orderBy('id').execute();
    const templates = await t.database.db.selectFrom('form_templates').selectAll().orderBy('id').execute();
    const formUsers = await t.database.db.selectFrom('form_users').selectAll().orderBy('id').execute();
    const users = await t.database.db.selectFrom('users').selectAll().orderBy('id').execute();
    return JSON.stringify({ responses, uploads, forms, templates, formUsers, users });
  }

  function validateFormCases(): Case[] {
    const path = (query: string) => `/api/v1/forms/validate-form${query}`;
    const cases: Case[] = [
      { name: 'no query', path: path(''), status: 400, detail: 'Missing form ID' },
      { name: 'empty formId', path: path('?formId='), status: 400, detail: 'Missing form ID' },
      { name: 'blank formId', path: path('?formId=%20%20'), status: 400, detail: 'Missing form ID' },
      { name: 'formId twice', path: path('?formId=a&formId=b'), status: 400 },
      { name: 'formId over 64 characters', path: path(`?formId=${'a'.repeat(65)}`), status: 400 },
      { name: 'formId of 5000 characters', path: path(`?formId=${'a'.repeat(5000)}`), status: 400 },
      { name: 'unknown formId', path: path('?formId=no-such-form'), status: 404, detail: 'Form not found' },
      { name: 'formId with a NUL', path: path('?formId=ab%00cd'), status: 400, detail: NUL },
      { name: 'unknown formId in unicode', path: path('?formId=%E2%98%83%F0%9F%98%80'), status: 404 },
      { name: 'SQL-looking formId', path: path(`?formId=${encodeURIComponent("' OR 1=1 --")}`), status: 404 },
      { name: 'path-looking formId', path: path('?formId=..%2F..%2Fetc%2Fpasswd'), status: 404 },
      { name: 'login form without token', path: path(`?formId=${loginFormId}`), status: 401 },
      {
        name: 'login form with a garbage token',
        path: path(`?formId=${loginFormId}`),
        headers: { authorization: 'Bearer not.a.jwt' },
        status: 401,
      },
      {
        name: 'login form with a token of the wrong scheme',
        path: path(`?formId=${loginFormId}`),
        headers: { authorization: 'Basic dXNlcjpwYXNz' },
        status: 401,
      },
      { name: 'POST to validate-form', method: 'POST', path: path(`?formId=${formId}`), status: 404 },
      // Reaches the owner's DELETE /forms/{formId}, which wants a session first.
      { name: 'DELETE to validate-form', method: 'DELETE', path: path(`?formId=${formId}`), status: 401 },
    ];
    return cases.map((c) => ({ method: 'GET', ...c }));
  }

  function submitCases(): Case[] {
    const path = `/api/v1/forms/${formId}/submit-form`;
    const good = { idempotencyKey: 'bad-input-key-0001', response: { 'Full Name': 'Ada' } };
    const post = (name: string, body: unknown, status: number, detail?: string): Case => ({
      name,
      path,
      headers: JSON_HEADERS,
      body: json(body),
      status,
      ...(detail ? { detail } : {}),
    });
    const raw = (name: string, body: string, status: number, headers = JSON_HEADERS): Case => ({
      name,
      path,
      headers,
      body,
      status,
    });
    const malformed = [
      '',
      '{',
      '{"response": ',
      "{'response': {}}",
      'null x',
      '[1,2',
      '{"a":1,}',
      'undefined',
      'NaN',
    ];
    const wrongTypes: Array<[string, Record<string, unknown>]> = [
      ['body is null', { $body: null }],
      ['body is an array', { $body: [good] }],
      ['body is a string', { $body: 'hello' }],
      ['body is a number', { $body: 42 }],
      ['response is a string', { response: 'Ada' }],
      ['response is an array', { response: ['Ada'] }],
      ['response is null', { response: null }],
      ['response is a number', { response: 1 }],
      ['an answer is a number', { response: { 'Full Name': 42 } }],
      ['an answer is a boolean', { response: { 'Full Name': true } }],
      ['an answer is null', { response: { 'Full Name': null } }],
      ['an answer is an object', { response: { 'Full Name': { first: 'Ada' } } }],
      ['an answer is an array of numbers', { response: { 'Full Name': [1, 2] } }],
      ['an answer is an array of arrays', { response: { 'Full Name': [['Ada']] } }],
      ['idempotencyKey is a number', { idempotencyKey: 12345678 }],
      ['idempotencyKey is null', { idempotencyKey: null }],
      ['userToken is a number', { userToken: 5 }],
      ['prefillToken is a number', { prefillToken: 5 }],
      ['website is an object', { website: { url: 'x' } }],
      ['formId is a number', { formId: 7 }],
      ['consent is a string', { consent: 'accepted' }],
      ['consent misses keys', { consent: { gdpr_consent: 'accepted' } }],
      [
        'consent has an unknown choice',
        { consent: { gdpr_consent: 'yes', analytics: true, marketing: true } },
      ],
      [
        'consent flags are strings',
        { consent: { gdpr_consent: 'accepted', analytics: 'true', marketing: 'no' } },
      ],
      [
        'consent has an unknown key',
        { consent: { gdpr_consent: 'denied', analytics: false, marketing: false, x: 1 } },
      ],
    ];
    const invalid: Array<[string, Record<string, string | string[]>, string]> = [
      ['required field missing', {}, 'Full Name is required'],
      // A list is a checkboxes field's answer; a text field takes one (a list of one is that one).
      ['several answers to a text field', { 'Full Name': ['Ada', 'Grace'] }, 'Full Name takes one answer'],
      ['required field blank', { 'Full Name': ' \t ' }, 'Full Name is required'],
      ['bad email', { 'Full Name': 'A', Email: 'a@' }, 'Email must be a valid email'],
      ['bad number', { 'Full Name': 'A', Age: '12abc' }, 'Age must be a number'],
      ['bad date', { 'Full Name': 'A', Day: '2024-02-30' }, 'Day must be a valid date'],
      ['unknown label', { 'Full Name': 'A', Salary: '1' }, 'Unknown field: Salary'],
      [
        'signature on a form without signatures',
        { 'Full Name': 'A', signature: storedUpload },
        'Unknown field: signature',
      ],
    ];
    return [
      ...malformed.map((text) => raw(`malformed JSON ${JSON.stringify(text)}`, text, 400)),
      ...wrongTypes.map(([name, patch]) =>
        post(name, '$body' in patch ? patch.$body : { ...good, ...patch }, 400),
      ),
      ...invalid.map(([name, response, detail]) => post(name, { ...good, response }, 400, detail)),
      post('missing response', { idempotencyKey: good.idempotencyKey }, 400),
      post('missing idempotencyKey', { response: good.response }, 400),
      post('empty object', {}, 400),
      post('unknown top-level field', { ...good, extra: 1 }, 400),
      post('unknown top-level field userId', { ...good, userId: 'someone' }, 400),
      post(
        'answer over 5000 characters',
        { ...good, response: { 'Full Name': 'a'.repeat(5001) } },
        400,
        '5000',
      ),
      post(
        'label over 200 characters',
        { ...good, response: { 'Full Name': 'A', ['L'.repeat(201)]: 'x' } },
        400,
      ),
      post('idempotencyKey under 8 characters', { ...good, idempotencyKey: 'short' }, 400, 'idempotencyKey'),
      post('idempotencyKey over 100 characters', { ...good, idempotencyKey: 'k'.repeat(101) }, 400),
      post('userToken over 4096 characters', { ...good, userToken: 't'.repeat(4097) }, 400),
      post('prefillToken over 8000 characters', { ...good, prefillToken: 'p'.repeat(8001) }, 400),
      post('prefillToken not a token', { ...good, prefillToken: 'garbage' }, 400, PREFILL_MESSAGES.invalid),
      post(
        'prefillToken with a made-up signature',
        {
          ...good,
          prefillToken: `${Buffer.from(json({ f: formId, v: {} })).toString('base64url')}.${'A'.repeat(43)}`,
        },
        400,
        PREFILL_MESSAGES.invalid,
      ),
      post('honeypot over 500 characters', { ...good, website: 'w'.repeat(501) }, 400),
      post('formId in the body over 64 characters', { ...good, formId: 'f'.repeat(65) }, 400),
      post('formId in the body of another form', { ...good, formId: signatureFormId }, 400, 'formId'),
      {
        name: 'signature URL never issued',
        path: `/api/v1/forms/${signatureFormId}/submit-form`,
        headers: JSON_HEADERS,
        body: json({
          ...good,
          response: { 'Full Name': 'A', signature: `${storedUpload.slice(0, -36)}${'0'.repeat(32)}.png` },
        }),
        status: 400,
        detail: 'The signature was not uploaded for this form',
      },
      {
        name: 'signature URL of another host',
        path: `/api/v1/forms/${signatureFormId}/submit-form`,
        headers: JSON_HEADERS,
        body: json({
          ...good,
          response: { 'Full Name': 'A', signature: storedUpload.replace('localhost', 'evil.example') },
        }),
        status: 400,
        detail: 'The signature was not uploaded for this form',
      },
      {
        name: 'bad %-escape in the form id',
        path: '/api/v1/forms/%E0%A4%A/submit-form',
        headers: JSON_HEADERS,
        body: json(good),
        status: 400,
      },
      raw(
        '__proto__ in the body',
        '{"__proto__":{"polluted":true},"idempotencyKey":"abcdefgh","response":{}}',
        400,
      ),
      raw(
        'constructor.prototype in the body',
        '{"constructor":{"prototype":{"x":1}},"idempotencyKey":"abcdefgh","response":{}}',
        400,
      ),
      raw(
        '__proto__ as a label',
        '{"idempotencyKey":"abcdefgh1","response":{"Full Name":"A","__proto__":"x"}}',
        400,
      ),
      raw(
        'body over the size limit',
        json({ ...good, response: { 'Full Name': 'a'.repeat(BODY_LIMIT) } }),
        413,
      ),
      raw('deeply nested JSON', `${'['.repeat(5000)}${']'.repeat(5000)}`, 400),
      raw('text/plain', json(good), 415, { 'content-type': 'text/plain' }),
      raw('urlencoded', 'response=Ada&idempotencyKey=abcdefgh', 415, {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      raw('XML', '<response/>', 415, { 'content-type': 'application/xml' }),
      { name: 'multipart', path, body: multipart([['response', 'Ada']]), status: 415 },
      raw('JSON:API media type', json(good), 415, { 'content-type': 'application/vnd.api+json' }),
      post('idempotencyKey with a NUL', { ...good, idempotencyKey: 'abc\u0000defgh' }, 400, NUL),
      post('label with a NUL', { ...good, response: { 'Full Name': 'A', 'x\u0000y': 'z' } }, 400, NUL),
      post('answer with a NUL', { ...good, response: { 'Full Name': 'A\u0000da' } }, 400, NUL),
      post('honeypot with a NUL', { ...good, website: '\u0000' }, 400, NUL),
      {
        name: 'form id with a NUL',
        path: '/api/v1/forms/ab%00cd/submit-form',
        headers: JSON_HEADERS,
        body: json(good),
        status: 400,
        detail: NUL,
      },
      {
        name: 'unknown form id',
        path: '/api/v1/forms/no-such-form/submit-form',
        headers: JSON_HEADERS,
        body: json(good),
        status: 404,
        detail: 'Form not found',
      },
      {
        name: 'form id over 64 characters',
        path: `/api/v1/forms/${'f'.repeat(65)}/submit-form`,
        headers: JSON_HEADERS,
        body: json(good),
        status: 400,
      },
      {
        name: 'empty form id',
        path: '/api/v1/forms//submit-form',
        headers: JSON_HEADERS,
        body: json(good),
        status: 400,
      },
      {
        name: 'encoded slash in form id',
        path: '/api/v1/forms/a%2Fb/submit-form',
        headers: JSON_HEADERS,
        body: json(good),
        status: 404,
      },
      { name: 'GET submit-form', method: 'GET', path, status: 404 },
      {
        name: 'login form without token',
        path: `/api/v1/forms/${loginFormId}/submit-form`,
        headers: JSON_HEADERS,
        body: json(good),
        status: 401,
      },
      {
        name: 'login form with a forged userToken',
        path: `/api/v1/forms/${loginFormId}/submit-form`,
        headers: JSON_HEADERS,
        body: json({ ...good, userToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }),
        status: 401,
      },
    ];
  }

  function signatureCases(): Case[] {
    const path = '/api/v1/forms/submit-signature';
    const png = makePng();
    const up = (
      name: string,
      parts: Array<[string, string | Blob, string?]>,
      status: number,
      detail?: string,
    ): Case => ({
      name,
      path,
      body: multipart(parts),
      status,
      ...(detail ? { detail } : {}),
    });
    const fid = signatureFormId;
    const notPng: Array<[string, Uint8Array]> = [
      ['a JPEG', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(64)])],
      ['a GIF', new TextEncoder().encode(`GIF89a${'x'.repeat(64)}`)],
      [
        'an SVG with script',
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
      ],
      ['HTML', new TextEncoder().encode('<!doctype html><script>alert(1)</script>')],
      ['an empty file', new Uint8Array(0)],
      ['a truncated PNG', png.subarray(0, 16)],
      ['a PNG signature only', png.subarray(0, 8)],
      [
        'a PNG with a broken signature',
        Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00, ...png.subarray(8)]),
      ],
      ['random bytes', Uint8Array.from({ length: 256 }, (_, i) => (i * 37) % 256)],
    ];
    const boundary = 'XyZboundary123';
    const rawCases: Array<[string, { headers: Record<string, string>; body: Uint8Array }, number]> = [
      [
        'multipart without a boundary',
        rawMultipart(boundary, `--${boundary}\r\n`, 'multipart/form-data'),
        400,
      ],
      [
        'multipart cut off in a part',
        rawMultipart(
          boundary,
          `--${boundary}\r\nContent-Disposition: form-data; name="formId"\r\n\r\n${fid}`,
        ),
        400,
      ],
      ['multipart of garbage', rawMultipart(boundary, 'this is not multipart at all'), 400],
      ['multipart with an empty body', rawMultipart(boundary, ''), 400],
      [
        'multipart file part without a closing boundary',
        rawMultipart(
          boundary,
          `--${boundary}\r\nContent-Disposition: form-data; name="formId"\r\n\r\n${fid}\r\n--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="s.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
        ),
        400,
      ],
    ];
    return [
      ...notPng.map(([name, bytes]) =>
        up(
          `not a PNG: ${name}`,
          [
            ['formId', fid],
            ['signature', blob(bytes)],
          ],
          415,
          'Signature must be a PNG image',
        ),
      ),
      up(
        'a JPEG declared as PNG',
        [
          ['formId', fid],
          ['signature', blob(notPng[0]?.[1] ?? new Uint8Array(), 'image/png'), 'x.png'],
        ],
        415,
      ),
      up(
        'oversized PNG',
        [
          ['formId', fid],
          ['signature', blob(makePng(2, 2, 600 * 1024))],
        ],
        413,
        'Signature image is too large',
      ),
      up(
        'oversized non-PNG',
        [
          ['formId', fid],
          ['signature', blob(new Uint8Array(2 * 1024 * 1024))],
        ],
        413,
      ),
      up(
        'a PNG claiming 100,000 x 100,000 pixels',
        [
          ['formId', fid],
          ['signature', blob(makePngClaiming(100_000, 100_000))],
        ],
        400,
        'at most 4000 x 4000 pixels',
      ),
      up(
        'a PNG with a damaged header',
        [
          ['formId', fid],
          ['signature', blob(makePngClaiming(400, 200, { badCrc: true }))],
        ],
        400,
        'not a valid PNG',
      ),
      up('missing file', [['formId', fid]], 400, 'Signature file is required'),
      up('missing formId', [['signature', blob(png)]], 400, 'Missing form ID'),
      up(
        'empty formId',
        [
          ['formId', ''],
          ['signature', blob(png)],
        ],
        400,
        'Missing form ID',
      ),
      up(
        'formId over the field size',
        [
          ['formId', 'f'.repeat(5000)],
          ['signature', blob(png)],
        ],
        400,
      ),
      up(
        'unknown formId',
        [
          ['formId', 'no-such-form'],
          ['signature', blob(png)],
        ],
        404,
        'Form not found',
      ),
      up(
        'formId with a NUL',
        [
          ['formId', 'ab\u0000cd'],
          ['signature', blob(png)],
        ],
        400,
        NUL,
      ),
      up(
        'form without signatures',
        [
          ['formId', formId],
          ['signature', blob(png)],
        ],
        400,
      ),
      up(
        'login form without token',
        [
          ['formId', loginFormId],
          ['signature', blob(png)],
        ],
        401,
      ),
      up(
        'two files',
        [
          ['formId', fid],
          ['signature', blob(png)],
          ['signature', blob(png), 'b.png'],
        ],
        413,
      ),
      up(
        'file under another name',
        [
          ['formId', fid],
          ['picture', blob(png)],
        ],
        400,
        'Unknown field: picture',
      ),
      up(
        'unknown text field',
        [
          ['formId', fid],
          ['extra', 'x'],
          ['signature', blob(png)],
        ],
        400,
        'Unknown field: extra',
      ),
      up(
        'many text fields',
        [
          ['formId', fid],
          ['a', '1'],
          ['b', '2'],
          ['c', '3'],
          ['signature', blob(png)],
        ],
        400,
      ),
      up(
        'signature sent as text',
        [
          ['formId', fid],
          ['signature', 'data:image/png;base64,AAAA'],
        ],
        400,
      ),
      ...rawCases.map(([name, { headers, body }, status]): Case => ({ name, path, headers, body, status })),
      {
        name: 'JSON instead of multipart',
        path,
        headers: JSON_HEADERS,
        body: json({ formId: fid, signature: 'x' }),
        status: 415,
      },
      {
        name: 'malformed JSON instead of multipart',
        path,
        headers: JSON_HEADERS,
        body: '{"formId":',
        status: 400,
      },
      { name: 'text/plain', path, headers: { 'content-type': 'text/plain' }, body: 'hello', status: 415 },
      { name: 'raw image/png body', path, headers: { 'content-type': 'image/png' }, body: png, status: 415 },
      {
        name: 'urlencoded',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `formId=${fid}`,
        status: 415,
      },
      { name: 'no body at all', path, status: 415 },
      // Reaches the owner's GET /forms/{formId}, which wants a session first.
      { name: 'GET submit-signature', method: 'GET', path, status: 401 },
    ];
  }

  function loginCases(): Case[] {
    const path = '/api/v1/user/form/login';
    const good = { email: 'user@example.com', password: 'wrong-password', formId: loginFormId };
    const post = (name: string, body: unknown, status: number, detail?: string): Case => ({
      name,
      path,
      headers: JSON_HEADERS,
      body: json(body),
      status,
      ...(detail ? { detail } : {}),
    });
    return [
      ...['', '{', '{"email":', 'nul', '{"email":"a"}}'].map(
        (text): Case => ({
          name: `malformed JSON ${JSON.stringify(text)}`,
          path,
          headers: JSON_HEADERS,
          body: text,
          status: 400,
        }),
      ),
      post('body is an array', [good], 400),
      post('body is null', null, 400),
      post('email is a number', { ...good, email: 1 }, 400),
      post('email is an array', { ...good, email: ['a@b.co'] }, 400),
      post('password is a number', { ...good, password: 123456 }, 400),
      post('password is an object', { ...good, password: { $ne: '' } }, 400),
      post('formId is a number', { ...good, formId: 5 }, 400),
      post('missing email', { password: 'x', formId: loginFormId }, 400, 'Email is required'),
      post('missing password', { email: 'a@b.co', formId: loginFormId }, 400, 'Password is required'),
      post('missing formId', { email: 'a@b.co', password: 'x' }, 400, 'Missing form ID'),
      post('not an email', { ...good, email: 'user' }, 400, 'Please enter a valid email'),
      post('unknown field', { ...good, userId: 1 }, 400),
      post('email over 254 characters', { ...good, email: `${'a'.repeat(250)}@b.co` }, 400),
      post('password over 200 characters', { ...good, password: 'p'.repeat(201) }, 400),
      post('formId over 64 characters', { ...good, formId: 'f'.repeat(65) }, 400),
      post('wrong password', good, 401, 'Invalid email or password'),
      post('unknown email', { ...good, email: 'nobody@example.com' }, 401, 'Invalid email or password'),
      post('unknown form', { ...good, formId: 'no-such-form' }, 401, 'Invalid email or password'),
      post('form of another kind', { ...good, formId }, 401, 'Invalid email or password'),
      post('formId with a NUL', { ...good, formId: 'ab\u0000cd' }, 400, NUL),
      post('email with a NUL', { ...good, email: 'us\u0000er@example.com' }, 400, NUL),
      post('password with a NUL', { ...good, password: 'pass\u0000word' }, 400, NUL),
      {
        name: 'body over the size limit',
        path,
        headers: JSON_HEADERS,
        body: json({ ...good, password: 'p'.repeat(BODY_LIMIT) }),
        status: 413,
      },
      { name: 'text/plain', path, headers: { 'content-type': 'text/plain' }, body: json(good), status: 415 },
      {
        name: 'urlencoded',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a',
        status: 415,
      },
      { name: 'multipart', path, body: multipart([['email', 'user@example.com']]), status: 415 },
      { name: 'GET login', method: 'GET', path, status: 404 },
    ];
  }

  function uploadFileCases(): Case[] {
    const bad = [
      'abc.png',
      `${'0'.repeat(32)}.png`,
      `${'g'.repeat(32)}.png`,
      `${'A'.repeat(32)}.png`,
      `${'a'.repeat(31)}.png`,
      `${'a'.repeat(33)}.png`,
      `${'a'.repeat(32)}.jpg`,
      `${'a'.repeat(32)}.png.html`,
      `${'a'.repeat(32)}`,
      '..%2F..%2Fsheetforms.db',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      `${storedUpload.split('/').pop()?.replace('.png', '')}.PNG`,
    ];
    return [
      ...bad.map(
        (name): Case => ({
          name: `GET ${name.slice(0, 60)}`,
          method: 'GET',
          path: `/uploads/signatures/${name}`,
          status: 404,
        }),
      ),
      {
        name: 'GET a key of 500 characters',
        method: 'GET',
        path: `/uploads/signatures/${'x'.repeat(500)}.png`,
        status: 414,
      },
      { name: 'GET a bad %-escape', method: 'GET', path: '/uploads/signatures/%E0%A4%A.png', status: 400 },
      { name: 'GET the folder', method: 'GET', path: '/uploads/signatures/', status: 404 },
      {
        name: 'PUT a signature',
        method: 'PUT',
        path: `/uploads/signatures/${'a'.repeat(32)}.png`,
        headers: { 'content-type': 'image/png' },
        body: makePng(),
        status: 404,
      },
      {
        name: 'DELETE the stored signature',
        method: 'DELETE',
        path: new URL(storedUpload).pathname,
        status: 404,
      },
    ];
  }

  /** Owner endpoints that store text, each sent with the owner's session so only the NUL stops it. */
  function ownerNulCases(): Case[] {
    const headers = () => ({ ...JSON_HEADERS, authorization: `Bearer ${owner}` });
    const send = (method: string, name: string, path: string, body: unknown): Case => ({
      name,
      method,
      path: `/api/v1${path}`,
      headers: headers(),
      body: json(body),
      status: 400,
      detail: NUL,
    });
    const get = (name: string, path: string): Case => ({
      name,
      method: 'GET',
      path: `/api/v1${path}`,
      headers: { authorization: `Bearer ${owner}` },
      status: 400,
      detail: NUL,
    });
    const field = { label: 'Full Name', type: 'text', required: true, placeHolder: '' };
    const create = (patch: Record<string, unknown>) => formBody(patch);
    const template = { name: 'Receipt', googleDocsUrl: DOC_URL, content: '<p>x</p>' };
    return [
      send('POST', 'POST /forms: name', '/forms', create({ name: 'Sur\u0000vey' })),
      send('POST', 'POST /forms: description', '/forms', create({ description: 'a\u0000b' })),
      send('POST', 'POST /forms: a label', '/forms', create({ jdata: [{ ...field, label: 'N\u0000' }] })),
      send(
        'POST',
        'POST /forms: a placeholder',
        '/forms',
        create({ jdata: [{ ...field, placeHolder: '\u0000' }] }),
      ),
      send('POST', 'POST /forms: sheet name', '/forms', create({ sheetName: 'Sheet\u00001' })),
      send('POST', 'POST /forms: sheet URL', '/forms', create({ googleSheetsUrl: `${SHEET_URL}\u0000` })),
      send('POST', 'POST /forms: due date', '/forms', create({ dueDate: '2025-01-01\u0000' })),
      send('POST', 'POST /forms: a settings key', '/forms', create({ settings: { 'x\u0000': 1 } })),
      send('PUT', 'PUT /forms/{formId}: name', `/forms/${formId}`, { name: 'Sur\u0000vey' }),
      send('PUT', 'PUT /forms/{formId}: description', `/forms/${formId}`, { description: '\u0000' }),
      send('PUT', 'PUT /forms/{formId}: a label', `/forms/${formId}`, {
        jdata: [{ ...field, label: 'A\u0000' }],
      }),
      send('PUT', 'PUT /forms/{formId}: sheet name', `/forms/${formId}`, { sheetName: 'S\u0000' }),
      send('PUT', 'PUT /forms/{formId}: sheet URL', `/forms/${formId}`, {
        googleSheetsUrl: `${SHEET_URL}\u0000`,
      }),
      send('PUT', 'PUT /forms/{formId}: a form id with a NUL', '/forms/ab%00cd', { name: 'Survey' }),
      send('POST', 'POST templates: name', `/forms/${formId}/templates`, { ...template, name: 'R\u0000' }),
      send('POST', 'POST templates: content', `/forms/${formId}/templates`, {
        ...template,
        content: '<p>\u0000</p>',
      }),
      send('POST', 'POST templates: Docs URL', `/forms/${formId}/templates`, {
        ...template,
        googleDocsUrl: `${DOC_URL}\u0000`,
      }),
      send('PUT', 'PUT templates: name', `/forms/${formId}/templates/${templateId}`, { name: 'R\u0000' }),
      send('PUT', 'PUT templates: content', `/forms/${formId}/templates/${templateId}`, {
        content: '\u0000',
      }),
      send('PUT', 'PUT /auth/profile: name', '/auth/profile', { name: 'Ow\u0000ner' }),
      send('POST', 'POST /forms/add-user: name', '/forms/add-user', {
        formId: loginFormId,
        email: 'new@example.com',
        name: 'N\u0000ew',
      }),
      send('POST', 'POST /forms/add-user: email', '/forms/add-user', {
        formId: loginFormId,
        email: 'n\u0000ew@example.com',
        name: 'New',
      }),
      send('POST', 'POST /forms/add-user: form id', '/forms/add-user', {
        formId: `${loginFormId}\u0000`,
        email: 'new@example.com',
        name: 'New',
      }),
      send('POST', 'POST /forms/reset-user-password: id', '/forms/reset-user-password', {
        formId: loginFormId,
        id: `${formUserId}\u0000`,
      }),
      send('POST', 'POST /forms/delete-user: id', '/forms/delete-user', {
        formId: loginFormId,
        id: `${formUserId}\u0000`,
      }),
      send('POST', 'POST /forms/check-sheet-access: URL', '/forms/check-sheet-access', {
        googleSheetsUrl: `${SHEET_URL}\u0000`,
        sheetName: 'Sheet1',
      }),
      send('POST', 'POST /forms/{formId}/prefill-links: a value', `/forms/${formId}/prefill-links`, {
        values: { name: 'a\u0000b' },
      }),
      get('GET /forms/{formId}/responses: search text', `/forms/${formId}/responses?q=a%00b`),
      get('GET /sheets/metadata: URL', `/sheets/metadata?url=${encodeURIComponent(`${SHEET_URL}\u0000`)}`),
      get('GET /forms/{formId}: a form id with a NUL', '/forms/ab%00cd'),
      {
        ...send('DELETE', 'DELETE /forms/{formId}: a form id with a NUL', '/forms/ab%00cd', {}),
        headers: { authorization: `Bearer ${owner}` },
        body: undefined,
      },
    ];
  }

  const tables: Array<[string, () => Case[]]> = [
    ['GET /forms/validate-form', validateFormCases],
    ['POST /forms/{formId}/submit-form', submitCases],
    ['POST /forms/submit-signature', signatureCases],
    ['POST /user/form/login', loginCases],
    ['GET /uploads/signatures/{key}.png', uploadFileCases],
    ['owner endpoints, text with NUL', ownerNulCases],
  ];
  let tried = 0;

  for (const [endpoint, table] of tables) {
    it(`${endpoint}: every bad request gets its 4xx, none a 5xx, nothing stored changes`, async () => {
      const before = await countStored(t);
      const failures: string[] = [];
      for (const c of table()) {
        tried++;
        const init: RequestInit = { method: c.method ?? 'POST' };
        if (c.headers) init.headers = c.headers;
        if (c.body !== undefined) init.body = c.body as RequestInit['body'];
        let status = 0;
        let problem: { detail?: unknown; code?: unknown } = {};
        try {
          const res = await fetch(`${t.url}${c.path}`, init);
          status = res.status;
          const text = await res.text();
          try {
            problem = JSON.parse(text);
          } catch {
            problem = {};
          }
          if (!res.headers.get('content-type')?.includes('application/problem+json')) {
            failures.push(`${c.name}: content-type ${res.headers.get('content-type')}`);
          }
        } catch (error) {
          failures.push(`${c.name}: request failed (${(error as Error).message})`);
          continue;
        }
        if (status !== c.status)
          failures.push(`${c.name}: ${status} (expected ${c.status}) ${JSON.stringify(problem)}`);
        if (typeof problem.detail !== 'string' || problem.detail.length < 5) {
          failures.push(`${c.name}: no clear detail ${JSON.stringify(problem)}`);
        } else if (c.detail && !problem.detail.includes(c.detail)) {
          failures.push(
            `${c.name}: detail ${JSON.stringify(problem.detail)} lacks ${JSON.stringify(c.detail)}`,
          );
        }
        if (/Something went wrong|INTERNAL/.test(JSON.stringify(problem)))
          failures.push(`${c.name}: internal error`);
        expect(await countStored(t), c.name).toEqual(before);
      }
      expect(failures).toEqual([]);
      expect(await snapshot()).toBe(storedAnswers);
    });
  }

  describe('totals', () => {
    it('tried every case of every table', () => {
      const expected = tables.reduce((sum, [, table]) => sum + table().length, 0);
      expect(tried).toBe(expected);
      // The figure recorded in docs/reliability.md (per dialect).
      expect(expected).toBe(BAD_INPUT_CASES);
    });
  });
});

/** Update docs/reliability.md when this changes. */
const BAD_INPUT_CASES = 218;
