import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import {
  addFormUser,
  countStored,
  createPublicForm,
  formLogin,
  makePng,
  submit,
  uploadSignature,
} from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const FIELDS = [
  { label: 'Full Name', type: 'text', required: true, placeHolder: '' },
  { label: 'Email', type: 'email', required: false, placeHolder: '' },
  { label: 'Age', type: 'number', required: false, placeHolder: '' },
  { label: 'Start Date', type: 'date', required: false, placeHolder: '' },
  { label: 'Comments', type: 'textarea', required: false, placeHolder: '' },
  { label: 'Retired', type: 'text', required: true, placeHolder: '', isRemoved: true },
];

describeEachDialect('public form submission', (dialect) => {
  let t: TestApp;
  let owner: string;
  const rowsOf = (formRowId: string) =>
    t.database.db.selectFrom('responses').selectAll().where('form_id', '=', formRowId).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a valid submission as pending, answers keyed by label, and answers 201 with its id', async () => {
    const form = await createPublicForm(t, owner, { jdata: FIELDS });
    const res = await submit(t, form.formId, {
      formId: form.formId,
      response: {
        'Full Name': 'Ada Lovelace',
        Email: ' ada@example.com ',
        Age: '36',
        'Start Date': '1843-07-10',
        Comments: '',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      data: { responseId: expect.any(String), syncState: 'pending' },
      message: 'Form submitted successfully!',
    });
    const rows = await rowsOf(form.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.body.data.responseId,
      sync_state: 'pending',
      attempts: 0,
      signature_url: null,
      respondent_id: null,
      respondent_email: null,
      consent: null,
    });
    expect(JSON.parse(rows[0]?.answers_json ?? '')).toEqual({
      'Full Name': 'Ada Lovelace',
      Email: 'ada@example.com',
      Age: '36',
      'Start Date': '1843-07-10',
    });
    // The owner sees it too.
    const detail = await t.request('GET', `/api/v1/forms/${form.formId}`, { token: owner });
    expect(detail.body.data.formResponse).toHaveLength(1);
  });

  it("refuses invalid answers with the spec's messages and stores nothing", async () => {
    const form = await createPublicForm(t, owner, { jdata: FIELDS });
    const cases: Array<[Record<string, string>, string, string]> = [
      [{}, 'Full Name is required', 'response.Full Name'],
      [{ 'Full Name': '   ' }, 'Full Name is required', 'response.Full Name'],
      [{ 'Full Name': 'A', Email: 'not-an-email' }, 'Email must be a valid email', 'response.Email'],
      [{ 'Full Name': 'A', Age: 'thirty' }, 'Age must be a number', 'response.Age'],
      [
        { 'Full Name': 'A', 'Start Date': '10/07/1843' },
        'Start Date must be a valid date',
        'response.Start Date',
      ],
      [
        { 'Full Name': 'A', 'Start Date': '2023-02-30' },
        'Start Date must be a valid date',
        'response.Start Date',
      ],
      [{ 'Full Name': 'A', Hobby: 'chess' }, 'Unknown field: Hobby', 'response.Hobby'],
      [{ 'Full Name': 'A', Retired: 'yes' }, 'Unknown field: Retired', 'response.Retired'],
    ];
    for (const [response, detail, path] of cases) {
      const res = await submit(t, form.formId, { response });
      expect(res.status, detail).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail });
      expect(res.body.errors).toContainEqual({ path, message: detail });
    }
    const tooLong = await submit(t, form.formId, { response: { 'Full Name': 'a'.repeat(5001) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toBe('Answers must be at most 5000 characters');
    expect(await rowsOf(form.id)).toEqual([]);
  });

  it('refuses an empty submission to a form with no required field, and stores nothing', async () => {
    const form = await createPublicForm(t, owner, {
      jdata: FIELDS.map((f) => ({ ...f, required: false })),
    });
    for (const response of [{}, { 'Full Name': '   ', Comments: '' }]) {
      const res = await submit(t, form.formId, { response });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Please fill in at least one field');
    }
    expect(await rowsOf(form.id)).toEqual([]);
    expect((await submit(t, form.formId, { response: { Comments: 'Just a note' } })).status).toBe(201);
  });

  it('lists every problem at once, the first as the detail', async () => {
    const form = await createPublicForm(t, owner, { jdata: FIELDS });
    const res = await submit(t, form.formId, { response: { Email: 'x', Age: 'y' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Full Name is required');
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Full Name is required',
      'Email must be a valid email',
      'Age must be a number',
    ]);
  });

  describe('idempotency', () => {
    it('a repeated key answers 200 with the same response id and stores one row', async () => {
      const form = await createPublicForm(t, owner);
      const body = { idempotencyKey: randomUUID(), response: { 'Full Name': 'Ada' } };
      const first = await submit(t, form.formId, body);
      const second = await submit(t, form.formId, body);
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect(second.body.data.responseId).toBe(first.body.data.responseId);
      expect(second.body.message).toBe('Form submitted successfully!');
      expect(await rowsOf(form.id)).toHaveLength(1);
      // Another key is another response.
      expect((await submit(t, form.formId, { response: { 'Full Name': 'Ada' } })).status).toBe(201);
      expect(await rowsOf(form.id)).toHaveLength(2);
    });

    it('5 concurrent requests with one key store one row and all answer its id', async () => {
      const form = await createPublicForm(t, owner);
      const body = { idempotencyKey: randomUUID(), response: { 'Full Name': 'Double Clicker' } };
      const replies = await Promise.all(Array.from({ length: 5 }, () => submit(t, form.formId, body)));
      const rows = await rowsOf(form.id);
      expect(rows).toHaveLength(1);
      expect(replies.map((r) => r.body.data.responseId)).toEqual(Array(5).fill(rows[0]?.id));
      expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
      expect(replies.filter((r) => r.status === 200)).toHaveLength(4);
    });

    it('group commit: a burst of concurrent submissions, some repeating a key, stores each key exactly once', async () => {
      const form = await createPublicForm(t, owner);
      const keys = Array.from({ length: 60 }, () => randomUUID());
      // Every fourth key is sent three times at once, so repeats land in the same committed batch.
      const bodies = keys.flatMap((key, i) => {
        const body = { idempotencyKey: key, response: { 'Full Name': `Respondent ${i}` } };
        return i % 4 === 0 ? [body, body, body] : [body];
      });
      const replies = await Promise.all(bodies.map((body) => submit(t, form.formId, body)));
      const rows = await rowsOf(form.id);
      expect(rows).toHaveLength(keys.length);
      const idByKey = new Map(rows.map((row) => [row.idempotency_key, row.id]));
      replies.forEach((reply, i) => {
        expect([200, 201]).toContain(reply.status);
        expect(reply.body.data.responseId).toBe(idByKey.get(bodies[i]?.idempotencyKey ?? ''));
      });
      expect(replies.filter((r) => r.status === 201)).toHaveLength(keys.length);
    });

    it('the same key on two forms makes two responses', async () => {
      const a = await createPublicForm(t, owner);
      const b = await createPublicForm(t, owner);
      const body = { idempotencyKey: 'shared-key-123', response: { 'Full Name': 'Ada' } };
      expect((await submit(t, a.formId, body)).status).toBe(201);
      expect((await submit(t, b.formId, body)).status).toBe(201);
    });

    it('refuses a missing or short key', async () => {
      const form = await createPublicForm(t, owner);
      const short = await submit(t, form.formId, { idempotencyKey: 'abc', response: { 'Full Name': 'A' } });
      expect(short.status).toBe(400);
      expect(short.body.detail).toBe('idempotencyKey must be at least 8 characters');
      const missing = await t.request('POST', `/api/v1/forms/${form.formId}/submit-form`, {
        body: { response: { 'Full Name': 'A' } },
      });
      expect(missing.status).toBe(400);
      expect(await rowsOf(form.id)).toEqual([]);
    });
  });

  it('a filled honeypot answers 201 with an id and stores nothing', async () => {
    const form = await createPublicForm(t, owner);
    const before = await countStored(t);
    const res = await submit(t, form.formId, {
      response: { 'Full Name': 'Bot' },
      website: 'http://spam.example',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ responseId: expect.any(String), syncState: 'pending' });
    expect(await countStored(t)).toEqual(before);
    // An empty honeypot (what people send) is fine.
    expect((await submit(t, form.formId, { response: { 'Full Name': 'Person' }, website: '' })).status).toBe(
      201,
    );
  });

  it('an inactive form accepts nothing (409) and an unknown form is 404', async () => {
    const form = await createPublicForm(t, owner, { status: 'Inactive' });
    const res = await submit(t, form.formId, { response: { 'Full Name': 'Ada' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'FORM_NOT_ACCEPTING',
      detail: 'This form is not accepting responses right now',
    });
    expect(await rowsOf(form.id)).toEqual([]);
    const unknown = await submit(t, 'no-such-form', { response: { 'Full Name': 'Ada' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'FORM_NOT_FOUND', detail: 'Form not found' });
  });

  it('a login-protected form needs the respondent token (body or header), and stores who sent it', async () => {
    const form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
    const other = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
    const { password, formUser } = await addFormUser(t, owner, form.formId, 'r@example.com');
    const token = await formLogin(t, form.formId, 'r@example.com', password);
    const otherUser = await addFormUser(t, owner, other.formId, 'r@example.com');
    const otherToken = await formLogin(t, other.formId, 'r@example.com', otherUser.password);
    const response = { 'Full Name': 'Ada' };

    const without = await submit(t, form.formId, { response });
    expect(without.status).toBe(401);
    expect(without.body.detail).toBe('Please log in to submit the form');
    expect((await submit(t, form.formId, { response, userToken: otherToken })).status).toBe(401);
    expect((await submit(t, form.formId, { response }, { token: otherToken })).status).toBe(401);
    expect(await rowsOf(form.id)).toEqual([]);

    expect((await submit(t, form.formId, { response, userToken: token })).status).toBe(201);
    expect((await submit(t, form.formId, { response }, { token })).status).toBe(201);
    const rows = await rowsOf(form.id);
    expect(rows.map((row) => row.respondent_id)).toEqual([formUser.id, formUser.id]);
  });

  it('stores the consent choice when GDPR is enabled, and not otherwise', async () => {
    const gdpr = await createPublicForm(t, owner, { settings: { gdprEnabled: 1 } });
    const plain = await createPublicForm(t, owner);
    const consent = { gdpr_consent: 'custom', analytics: true, marketing: false };
    const response = { 'Full Name': 'Ada' };
    expect((await submit(t, gdpr.formId, { response, consent })).status).toBe(201);
    expect((await submit(t, plain.formId, { response, consent })).status).toBe(201);
    expect(JSON.parse((await rowsOf(gdpr.id))[0]?.consent ?? 'null')).toEqual(consent);
    expect((await rowsOf(plain.id))[0]?.consent).toBeNull();
    const bad = await submit(t, gdpr.formId, { response, consent: { ...consent, gdpr_consent: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  describe('signatures', () => {
    it('requires one when enabled and stores the URL issued for this form', async () => {
      const form = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
      const missing = await submit(t, form.formId, { response: { 'Full Name': 'Ada' } });
      expect(missing.status).toBe(400);
      expect(missing.body.detail).toBe('Signature is required');
      expect(missing.body.errors).toContainEqual({
        path: 'response.signature',
        message: 'Signature is required',
      });

      const upload = await uploadSignature(t, form.formId, makePng());
      expect(upload.status).toBe(201);
      const url = upload.body.data.signature;
      const res = await submit(t, form.formId, { response: { 'Full Name': 'Ada', signature: url } });
      expect(res.status).toBe(201);
      const [row] = await rowsOf(form.id);
      expect(row?.signature_url).toBe(url);
      expect(JSON.parse(row?.answers_json ?? '')).toEqual({ 'Full Name': 'Ada' });
    });

    it("refuses another form's signature, and URLs this server never issued", async () => {
      const form = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
      const other = await createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });
      const foreign = (await uploadSignature(t, other.formId, makePng())).body.data.signature;
      const never = `${t.config.publicUrl}/uploads/signatures/${'0'.repeat(32)}.png`;
      for (const signature of [foreign, never, 'https://evil.example/x.png', 'javascript:alert(1)']) {
        const res = await submit(t, form.formId, { response: { 'Full Name': 'Ada', signature } });
        expect(res.status, signature).toBe(400);
        expect(res.body.detail).toBe('The signature was not uploaded for this form');
      }
      expect(await rowsOf(form.id)).toEqual([]);
    });
  });

  it('rate limits submissions per IP and form (429), other forms still get through', async () => {
    const limited = await startTestApp(dialect, { PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const session = await limited.signIn('owner@example.com');
      const a = await createPublicForm(limited, session.accessToken);
      const b = await createPublicForm(limited, session.accessToken);
      const response = { 'Full Name': 'Ada' };
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await submit(limited, a.formId, { response })).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const blocked = await submit(limited, a.formId, { response });
      expect(blocked.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await submit(limited, b.formId, { response })).status).toBe(201);
      const stored = await limited.database.db.selectFrom('responses').select('id').execute();
      expect(stored).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it('rate limits each IP over all forms at 5 times the per-form budget', async () => {
    const limited = await startTestApp(dialect, { PUBLIC_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const session = await limited.signIn('owner@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const form = await createPublicForm(limited, session.accessToken);
        statuses.push((await submit(limited, form.formId, { response: { 'Full Name': 'A' } })).status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
