import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDialect } from '../../test/dialects.js';
import { createPublicForm, submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NAME_ONLY = [{ label: 'Full Name', type: 'text', required: true, placeHolder: '' }];

/** The cached form (form-access/form-cache.ts) never outlives an owner's change on this instance. */
describeEachDialect('submission path: form cache, idempotency, response ids', (dialect) => {
  let t: TestApp;
  let owner: string;
  const update = (formId: string, body: Record<string, unknown>) =>
    t.request('PUT', `/api/v1/forms/${formId}`, { token: owner, body });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = (await t.signIn('cache-owner@example.com', 'Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it("enforces an updated form's new fields at once, and shows them on the public form", async () => {
    const form = await createPublicForm(t, owner, { jdata: NAME_ONLY });
    // Loads the form into the cache (a submission and a view).
    expect((await submit(t, form.formId, { response: { 'Full Name': 'Ada' } })).status).toBe(201);
    expect((await t.request('GET', `/api/v1/forms/validate-form?formId=${form.formId}`)).status).toBe(200);

    const jdata = [...NAME_ONLY, { label: 'Ticket', type: 'number', required: true, placeHolder: '' }];
    expect((await update(form.formId, { jdata })).status).toBe(200);

    const refused = await submit(t, form.formId, { response: { 'Full Name': 'Ada' } });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Ticket is required');
    const view = await t.request('GET', `/api/v1/forms/validate-form?formId=${form.formId}`);
    expect(view.body.data.jdata.map((field: { label: string }) => field.label)).toEqual([
      'Full Name',
      'Ticket',
    ]);
    expect((await submit(t, form.formId, { response: { 'Full Name': 'Ada', Ticket: '7' } })).status).toBe(
      201,
    );
  });

  it('closes a form at once; a retry of a stored key still answers its response; a deleted form is 404', async () => {
    const form = await createPublicForm(t, owner, { jdata: NAME_ONLY });
    const key = randomUUID();
    const first = await submit(t, form.formId, { idempotencyKey: key, response: { 'Full Name': 'Ada' } });
    expect(first.status).toBe(201);

    expect((await update(form.formId, { status: 'Inactive' })).status).toBe(200);
    expect((await submit(t, form.formId, { response: { 'Full Name': 'Bob' } })).status).toBe(409);
    // The retry is refused by the form now (closed, and its answers no longer valid), yet it was stored.
    const retry = await submit(t, form.formId, { idempotencyKey: key, response: {} });
    expect(retry.status).toBe(200);
    expect(retry.body.data.responseId).toBe(first.body.data.responseId);

    expect((await t.request('DELETE', `/api/v1/forms/${form.formId}`, { token: owner })).status).toBe(200);
    const gone = await submit(t, form.formId, { response: { 'Full Name': 'Ada' } });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('FORM_NOT_FOUND');
  });

  it('a form deleted through another instance answers 404 there, not 500, while this one still caches it', async () => {
    const form = await createPublicForm(t, owner, { jdata: NAME_ONLY });
    expect((await submit(t, form.formId, { response: { 'Full Name': 'Ada' } })).status).toBe(201);
    const other = await buildApp(t.config, { database: t.database });
    try {
      const deleted = await other.app.inject({
        method: 'DELETE',
        url: `/api/v1/forms/${form.formId}`,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(deleted.statusCode).toBe(200);
    } finally {
      await other.app.close();
    }
    // This instance's cache still holds the form (up to 5 s): the insert's foreign key refuses the row.
    const res = await submit(t, form.formId, { response: { 'Full Name': 'Ada' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('FORM_NOT_FOUND');
  });

  it('stores a burst of concurrent submissions, repeats of one key answered with one id, under UUIDv7 ids', async () => {
    const form = await createPublicForm(t, owner, { jdata: NAME_ONLY });
    const shared = randomUUID();
    const bodies = Array.from({ length: 40 }, (_, i) => ({
      idempotencyKey: i % 4 === 0 ? shared : randomUUID(),
      response: { 'Full Name': `Person ${i}` },
    }));
    const replies = await Promise.all(bodies.map((body) => submit(t, form.formId, body)));
    expect(replies.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    const sharedIds = new Set(replies.filter((_, i) => i % 4 === 0).map((r) => r.body.data.responseId));
    expect(sharedIds.size).toBe(1);
    expect(replies.filter((r) => r.status === 201)).toHaveLength(31);
    const rows = await t.database.db
      .selectFrom('responses')
      .select(['id', 'created_at'])
      .where('form_id', '=', form.id)
      .execute();
    expect(rows).toHaveLength(31);
    for (const row of rows) expect(row.id).toMatch(UUID_V7);
    // Made by one process: later rows have larger ids.
    const byTime = [...rows].sort(
      (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
    );
    expect(byTime.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort());
  });
});

describe('submit-form reply', () => {
  it('is written by the compiled serializer exactly as the generic one writes it', async () => {
    const { serializeReceiptReply } = await import('./submissions.routes.js');
    const reply = {
      data: { responseId: 'a"b\\c', syncState: 'pending' },
      message: 'Form submitted successfully!',
    };
    expect(serializeReceiptReply(reply)).toBe(JSON.stringify(reply));
    expect(JSON.parse(serializeReceiptReply({ data: { responseId: 'x', syncState: 'synced' } }))).toEqual({
      data: { responseId: 'x', syncState: 'synced' },
    });
    expect(() => serializeReceiptReply({ data: { responseId: 'x', syncState: 'lost' } })).toThrow();
    expect(() => serializeReceiptReply({ data: { responseId: 1, syncState: 'pending' } })).toThrow();
    expect(() => serializeReceiptReply({ message: 'no data' })).toThrow();
  });
});
