import { UNPAIRED_SURROGATE_MESSAGE } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../test/dialects.js';
import { createPublicForm, submit } from '../test/public-forms.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

/**
 * JSON can carry half of a surrogate pair (`"\ud800"`). Stored, such an answer made PostgreSQL refuse the
 * form's `::jsonb` reads: the owner's export and search answered 500 for the whole form. Refused at the
 * door now, on every API route, like NUL.
 */
describeEachDialect('unpaired surrogates', (dialect) => {
  let t: TestApp;
  let owner: string;
  let formId: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    formId = (await createPublicForm(t, owner)).formId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an answer or a label holding one with 400, and the export and search keep working', async () => {
    for (const response of [
      { 'Full Name': 'x\ud800y' },
      { 'Full Name': 'x\udc00' },
      { '\udfffName': 'Ada' },
    ]) {
      const res = await submit(t, formId, { response });
      expect(res.status).toBe(400);
      expect(res.body.detail).toContain(UNPAIRED_SURROGATE_MESSAGE);
    }
    expect((await submit(t, formId, { response: { 'Full Name': 'Ada \ud83d\ude00' } })).status).toBe(201);

    const exported = await t.request('GET', `/api/v1/forms/${formId}/responses/export?format=csv`, {
      token: owner,
    });
    expect(exported.status).toBe(200);
    const searched = await t.request('GET', `/api/v1/forms/${formId}/responses?q=x`, { token: owner });
    expect(searched.status).toBe(200);
  });

  it('refuses one in an owner call too', async () => {
    const res = await t.request('PUT', `/api/v1/forms/${formId}`, {
      token: owner,
      body: { name: 'Survey \ud800' },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(UNPAIRED_SURROGATE_MESSAGE);
  });
});
