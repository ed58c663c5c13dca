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

  it('reads the body as sent: escapes are checked, bytes decoded from UTF-8 can hold neither', async () => {
    // Most bodies hold no \u escape and skip the walk over their strings (http/reject-nul-text.ts): each
    // way the text could still carry NUL or half a pair is refused, and nothing else is.
    const send = (body: Uint8Array | string) =>
      fetch(`${t.url}/api/v1/forms/${formId}/submit-form`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const key = () => `k-${crypto.randomUUID()}`;
    const text = (answer: string) => `{"idempotencyKey":"${key()}","response":{"Full Name":"${answer}"}}`;
    // Escapes in upper case, and among other escapes.
    for (const [answer, message] of [
      ['x\\uD800', UNPAIRED_SURROGATE_MESSAGE],
      ['\\u0041\\u0000', 'Text must not contain NUL characters'],
    ] as const) {
      const res = await send(text(answer));
      expect(res.status, answer).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toContain(message);
    }
    // A NUL byte as it is: not JSON at all.
    expect((await send(text('a\u0000b'))).status).toBe(400);
    // The bytes that would spell half a pair in CESU-8 are not UTF-8: they arrive as U+FFFD.
    const bytes = new TextEncoder().encode(text('a#b'));
    const at = bytes.indexOf('#'.charCodeAt(0));
    const cesu = new Uint8Array([...bytes.slice(0, at), 0xed, 0xa0, 0x80, ...bytes.slice(at + 1)]);
    const stored = await send(cesu);
    expect(stored.status).toBe(201);
    // A backslash written out, then a u: text, not an escape, and stored as it is.
    expect((await send(text('C:\\\\users'))).status).toBe(201);
    const page = await t.request('GET', `/api/v1/forms/${formId}/responses`, { token: owner });
    const answers = (page.body.data.items as Array<{ response: Record<string, string> }>).map(
      (item) => item.response['Full Name'],
    );
    expect(answers).toEqual(expect.arrayContaining(['a\ufffd\ufffd\ufffdb', 'C:\\users']));
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
