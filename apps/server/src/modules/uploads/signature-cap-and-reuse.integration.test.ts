import { randomUUID } from 'node:crypto';
import { SIGNATURE_NOT_UPLOADED_MESSAGE } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createPublicForm, makePng, submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { createSignatureStorage } from './configured-signature-storage.js';
import { createSignatureFiles } from './signature-files.js';
import { newSignatureKey, type SignatureStorage } from './signature-storage.js';
import {
  SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR,
  SIGNATURE_UPLOADS_PER_FORM_PER_HOUR,
} from './upload-limits.js';
import { createUploadsRepository } from './uploads.repository.js';

const FORM_FULL = 'This form has taken too many signature uploads in the last hour. Please try again later.';
const minutes = (n: number) => n * 60_000;

// What a form's signature cap counts (the uploads no stored response uses), each address's share of it, and
// a signature taken by one response only.
describeEachDialect('signature uploads: the cap and one response per signature', (dialect) => {
  let t: TestApp;
  let storage: SignatureStorage;
  let owner: string;

  beforeAll(async () => {
    // The proxy in front (one hop) tells each request's address, so the tests can upload from several.
    t = await startTestApp(dialect, { TRUST_PROXY: '1' });
    storage = createSignatureStorage(t.config.signatureStorage, t.database);
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const signedForm = () => createPublicForm(t, owner, { settings: { signatureEnabled: 1 } });

  /** POST /forms/submit-signature as the browser sends it, from `address` (X-Forwarded-For). */
  async function uploadFrom(address: string, formId: string) {
    const body = new FormData();
    body.append('formId', formId);
    body.append('signature', new Blob([new Uint8Array(makePng())], { type: 'image/png' }), 'signature.png');
    const res = await fetch(`${t.url}/api/v1/forms/submit-signature`, {
      method: 'POST',
      body,
      headers: { 'x-forwarded-for': address },
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  }
  const signedBy = async (address: string, formId: string) => {
    const res = await uploadFrom(address, formId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.signature as string;
  };
  const responsesOf = (formRowId: string) =>
    t.database.db.selectFrom('responses').select('id').where('form_id', '=', formRowId).execute();

  /** `count` uploads of the form, made in the last 20 minutes (as other instances would store them). */
  async function seedUploads(formRowId: string, count: number): Promise<string[]> {
    const now = Date.now();
    const rows = Array.from({ length: count }, (_, i) => ({
      key: newSignatureKey(),
      form_id: formRowId,
      bytes: 100,
      created_at: new Date(now - minutes(20) + i * 1000).toISOString(),
    }));
    await t.database.db.insertInto('uploads').values(rows).execute();
    return rows.map((row) => row.key);
  }

  /** Responses of the form that use these uploads, stored a minute after each, as submissions store them. */
  async function seedResponses(formRowId: string, keys: readonly string[]) {
    const uploads = await t.database.db
      .selectFrom('uploads')
      .select(['key', 'created_at'])
      .where('key', 'in', [...keys])
      .execute();
    await t.database.db
      .insertInto('responses')
      .values(
        uploads.map((upload) => ({
          id: randomUUID(),
          form_id: formRowId,
          answers_json: '{"Full Name":"Ada"}',
          signature_url: `${t.config.publicUrl}/uploads/signatures/${upload.key}.png`,
          idempotency_key: randomUUID(),
          created_at: new Date(Date.parse(upload.created_at) + minutes(1)).toISOString(),
        })),
      )
      .execute();
  }

  it('does not count uploads that stored responses use: a form takes signed responses past the cap', async () => {
    const form = await signedForm();
    // The cap filled by uploads that responses took (a busy hour, no attacker): a new upload is accepted.
    const used = await seedUploads(form.id, SIGNATURE_UPLOADS_PER_FORM_PER_HOUR);
    await seedResponses(form.id, used);
    const next = await signedBy('203.0.113.1', form.formId);

    // The cap reached by uploads nobody used yet: refused, until one of them is used by a response.
    await seedUploads(form.id, SIGNATURE_UPLOADS_PER_FORM_PER_HOUR - 1);
    const refused = await uploadFrom('203.0.113.2', form.formId);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(FORM_FULL);
    const stored = await submit(t, form.formId, { response: { 'Full Name': 'Ada', signature: next } });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    // The response's commit freed the place of its upload at once (no sweep ran).
    await signedBy('203.0.113.2', form.formId);
    expect((await uploadFrom('203.0.113.3', form.formId)).status).toBe(429);
  });

  it("gives each address a share of the form's cap: one address cannot take it all, another still uploads", async () => {
    expect(SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR * 5).toBeLessThanOrEqual(
      SIGNATURE_UPLOADS_PER_FORM_PER_HOUR,
    );
    const form = await signedForm();
    const other = await signedForm();
    const flooder = '198.51.100.7';
    const mine: string[] = [];
    for (let i = 0; i < SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR; i++)
      mine.push(await signedBy(flooder, form.formId));
    const refused = await uploadFrom(flooder, form.formId);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      detail:
        'Too many signature uploads for this form from your network in the last hour. Please try again later.',
    });
    // Until its oldest counted upload, made a moment ago, is an hour old.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(minutes(59) / 1000);
    expect(retryAfter).toBeLessThanOrEqual(minutes(60) / 1000);

    // Everyone else goes on: another address on this form, and the same address on another form.
    await signedBy('192.0.2.44', form.formId);
    await signedBy(flooder, other.formId);
    // An IPv6 client is one address for its whole /64.
    for (let i = 0; i < SIGNATURE_UPLOADS_PER_ADDRESS_PER_FORM_PER_HOUR; i++)
      await signedBy(`2001:db8:5:6::${(i + 1).toString(16)}`, form.formId);
    expect((await uploadFrom('2001:db8:5:6:ffff::1', form.formId)).status).toBe(429);

    // A signature the address's respondent submitted no longer counts against its share.
    const stored = await submit(t, form.formId, { response: { 'Full Name': 'Ada', signature: mine[0] } });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    await signedBy(flooder, form.formId);
    expect((await uploadFrom(flooder, form.formId)).status).toBe(429);
  });

  it('takes a signature for one response: another submission naming it is refused, a retry of the first is answered', async () => {
    const form = await signedForm();
    const signature = await signedBy('203.0.113.9', form.formId);
    const idempotencyKey = randomUUID();
    const first = await submit(t, form.formId, {
      idempotencyKey,
      response: { 'Full Name': 'Ada', signature },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);

    // Whoever reads the URL in the sheet or a webhook cannot sign another response with it.
    const again = await submit(t, form.formId, { response: { 'Full Name': 'Mallory', signature } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: SIGNATURE_NOT_UPLOADED_MESSAGE,
      errors: [{ path: 'response.signature', message: SIGNATURE_NOT_UPLOADED_MESSAGE }],
    });
    expect(await responsesOf(form.id)).toHaveLength(1);

    // The first submission sent again (its reply was lost) is the stored response, not a refusal.
    const retry = await submit(t, form.formId, {
      idempotencyKey,
      response: { 'Full Name': 'Ada', signature },
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.data.responseId).toBe(first.body.data.responseId);
    expect(await responsesOf(form.id)).toHaveLength(1);
  });

  it('refuses a used signature also once it is over an hour old, before and after the sweep marks it kept', async () => {
    const form = await signedForm();
    const signature = await signedBy('203.0.113.10', form.formId);
    const idempotencyKey = randomUUID();
    const first = await submit(t, form.formId, {
      idempotencyKey,
      response: { 'Full Name': 'Ada', signature },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const key = signature.match(/([0-9a-f]{32})\.png$/)?.[1] ?? '';
    const backdate = (ago: number) =>
      t.database.db
        .updateTable('uploads')
        .set({ created_at: new Date(Date.now() - ago).toISOString() })
        .where('key', '=', key)
        .execute();
    const sweep = () =>
      createSignatureFiles({
        storage,
        uploads: createUploadsRepository(t.database.db, t.database.kind),
        log: { warn: () => undefined, info: () => undefined },
      }).sweep();

    await backdate(minutes(90));
    const beforeSweep = await submit(t, form.formId, { response: { 'Full Name': 'Eve', signature } });
    expect(beforeSweep.status).toBe(400);
    expect(beforeSweep.body.detail).toBe(SIGNATURE_NOT_UPLOADED_MESSAGE);

    await sweep();
    const row = await t.database.db
      .selectFrom('uploads')
      .select('kept')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.kept).toBe(1);
    const afterSweep = await submit(t, form.formId, { response: { 'Full Name': 'Eve', signature } });
    expect(afterSweep.status).toBe(400);
    expect(afterSweep.body.detail).toBe(SIGNATURE_NOT_UPLOADED_MESSAGE);
    // The image is kept and served for the response that has it; its retry is still answered.
    expect((await fetch(`${t.url}/uploads/signatures/${key}.png`)).status).toBe(200);
    const retry = await submit(t, form.formId, {
      idempotencyKey,
      response: { 'Full Name': 'Ada', signature },
    });
    expect(retry.status).toBe(200);
    expect(retry.body.data.responseId).toBe(first.body.data.responseId);
    expect(await responsesOf(form.id)).toHaveLength(1);
  });
});
