import { PREFILL_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * POST /forms/{formId}/prefill/verify through the real routes: the check the browser-rendered page of a
 * login-protected form makes before it shows a prefilled link's answers as locked by the owner.
 */

const FIELDS = [
  { id: 'name', label: 'Name', type: 'text', required: true },
  { id: 'order', label: 'Order number', type: 'number' },
  { id: 'extras', label: 'Extras', type: 'checkboxes', options: ['Gift wrap', 'Card, printed'] },
  { id: 'ref', label: 'ref', type: 'hidden' },
];

describeEachDialect('prefilled link verification', (dialect) => {
  let t: TestApp;
  let owner: string;
  /** Login-protected: its page is rendered in the browser, which asks this route. */
  let formId: string;
  /** The app's clock runs ahead of real time by this much. */
  let ahead = 0;

  const tokenOf = async (body: unknown, id = formId) => {
    const res = await t.request('POST', `/api/v1/forms/${id}/prefill-links`, { token: owner, body });
    if (res.status !== 200) throw new Error(`link failed: ${res.status} ${JSON.stringify(res.body)}`);
    return new URL(res.body.data.url).searchParams.get('prefill') as string;
  };
  const verify = (token: unknown, id = formId) =>
    t.request('POST', `/api/v1/forms/${id}/prefill/verify`, { body: { token } });
  const refusedWith = (message: string) => ({
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: message,
    errors: [{ path: 'body.token', message }],
  });

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { now: () => new Date(Date.now() + ahead) });
    owner = (await t.signIn('prefill-verify-owner@example.com', 'Owner')).accessToken;
    formId = (await createForm(t, owner, { jdata: FIELDS, settings: { loginRequired: 1 } })).formId;
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a good token's locked answers by field id, with no login", async () => {
    const token = await tokenOf({
      values: { name: 'Ada', order: '42', extras: ['Card, printed', 'Gift wrap'], ref: 'mail' },
      locked: ['order', 'extras', 'ref'],
    });
    const res = await verify(token);
    expect(res.status).toBe(200);
    // Only the locked answers: the unlocked one is in the address, not the token.
    expect(res.body).toEqual({
      data: { values: { order: '42', extras: ['Gift wrap', 'Card, printed'], ref: 'mail' } },
    });
  });

  it('answers only fields the form still has', async () => {
    const own = (await createForm(t, owner, { jdata: FIELDS, settings: { loginRequired: 1 } })).formId;
    const token = await tokenOf({ values: { order: '7', ref: 'ads' }, locked: ['order', 'ref'] }, own);
    const edited = await t.request('PUT', `/api/v1/forms/${own}`, {
      token: owner,
      body: { jdata: FIELDS.filter((field) => field.id !== 'ref') },
    });
    expect(edited.status).toBe(200);
    const res = await verify(token, own);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ values: { order: '7' } });
  });

  it("refuses another form's token as not valid here, telling nothing of that form", async () => {
    const other = (await createForm(t, owner, { jdata: FIELDS })).formId;
    const token = await tokenOf({ values: { name: 'Secret' }, locked: ['name'] }, other);
    expect((await verify(token, other)).status).toBe(200);
    const res = await verify(token);
    expect(res.body).toMatchObject(refusedWith(PREFILL_MESSAGES.invalid));
    expect(JSON.stringify(res.body)).not.toContain('Secret');
    expect(JSON.stringify(res.body)).not.toContain(other);
  });

  it('refuses a token past its expiry as expired', async () => {
    const token = await tokenOf({ values: { order: '5' }, locked: ['order'], expiresInDays: 1 });
    expect((await verify(token)).status).toBe(200);
    try {
      ahead = 2 * 86_400_000;
      const res = await verify(token);
      expect(res.body).toMatchObject(refusedWith(PREFILL_MESSAGES.expired));
      expect(res.body.data).toBeUndefined();
    } finally {
      ahead = 0;
    }
  });

  it('refuses a forged token: a changed signature, changed answers under a real signature, or no signature', async () => {
    const token = await tokenOf({ values: { order: '42' }, locked: ['order'] });
    const [payload, signature] = token.split('.') as [string, string];
    const forgedValues = Buffer.from(
      JSON.stringify({ f: formId, v: { order: '1', name: 'Mallory' } }),
    ).toString('base64url');
    for (const forged of [
      `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      `${forgedValues}.${signature}`,
      `${forgedValues}.c2lnbmF0dXJl`,
      payload,
      'not-a-token',
    ]) {
      const res = await verify(forged);
      expect(res.body, forged).toMatchObject(refusedWith(PREFILL_MESSAGES.invalid));
      expect(res.body.data).toBeUndefined();
    }
  });

  it('answers 404 for an unknown form, as the submission does, whatever the token', async () => {
    const token = await tokenOf({ values: { order: '42' }, locked: ['order'] });
    const submitted = await t.request('POST', '/api/v1/forms/no-such-form/submit-form', {
      body: { idempotencyKey: 'verify-unknown-1', response: { Name: 'Ada' } },
    });
    expect(submitted.status).toBe(404);
    for (const id of ['no-such-form', 'not a form id']) {
      const res = await verify(token, encodeURIComponent(id));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'FORM_NOT_FOUND', detail: submitted.body.detail });
    }
  });

  it('is documented with the public form routes', async () => {
    const docs = await t.request('GET', '/api/v1/openapi.json');
    const route = docs.body.paths['/api/v1/forms/{formId}/prefill/verify']?.post;
    expect(route?.tags).toEqual(['public-form']);
    expect(route?.security).toBeUndefined();
  });

  it('refuses a body without a token (400), before any form is read', async () => {
    for (const body of [{}, { token: '' }, { token: 42 }, { token: 'x', extra: 1 }]) {
      const res = await t.request('POST', `/api/v1/forms/${formId}/prefill/verify`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describeEachDialect('prefilled link verification limits', (dialect) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
    owner = (await t.signIn('prefill-verify-limits@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = (id: string, token = 'not-a-token') =>
    t.request('POST', `/api/v1/forms/${id}/prefill/verify`, { body: { token } });

  it('limits checks per client address and form, then over all forms at 5 times that (429, Retry-After)', async () => {
    const forms: string[] = [];
    for (let index = 0; index < 5; index += 1) forms.push((await createForm(t, owner)).formId);
    const [first, ...others] = forms as [string, ...string[]];

    // Refused tokens count as good ones do: guessing costs the same budget.
    const statuses = [];
    for (let index = 0; index < 3; index += 1) statuses.push((await verify(first)).status);
    expect(statuses).toEqual([400, 400, 429]);
    const limited = await verify(first);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);

    // Another form has its own budget, until the address used up 2 × 5 checks over all forms.
    const overAll = [];
    for (const id of others)
      for (let index = 0; index < 2; index += 1) overAll.push((await verify(id)).status);
    // 4 counted on the first form (429s count too), 8 here: the 11th check of the address is refused.
    expect(overAll).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
  });
});
