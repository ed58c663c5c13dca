import { PREFILL_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { stubWebDist } from '../../test/stub-web-dist.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Prefilled links (issue 23) through the real routes: POST /forms/{formId}/prefill-links (owner only,
 * every value checked against its field), the server-rendered page of the link it answers, the page of
 * an address with answers in its query, and the no-JavaScript POST with a locked answer.
 */

function pageData(html: string): { nonce: string; view: Record<string, any> } {
  const match = /<script type="application\/json" id="sf-form-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no inlined data');
  return JSON.parse(match[1]);
}

const FIELDS = [
  { id: 'name', label: 'Name', type: 'text', required: true },
  { id: 'order', label: 'Order number', type: 'number' },
  { id: 'size', label: 'Size', type: 'radio', options: ['S', 'M', 'L'] },
  { id: 'extras', label: 'Extras', type: 'checkboxes', options: ['Gift wrap', 'Card, printed'] },
  { id: 'long1', label: 'Long one', type: 'textarea' },
  { id: 'long2', label: 'Long two', type: 'textarea' },
  { id: 'ref', label: 'ref', type: 'hidden' },
];

describeEachDialect('prefilled links', (dialect) => {
  let t: TestApp;
  let owner: string;
  let formId: string;
  /** The app's clock runs ahead of real time by this much. */
  let ahead = 0;

  const link = (body: unknown, token = owner, id = formId) =>
    t.request('POST', `/api/v1/forms/${id}/prefill-links`, { token, body });
  const page = async (address: string) => {
    const url = new URL(address, 'http://placeholder');
    const res = await fetch(`${t.url}${url.pathname}${url.search}`);
    return { status: res.status, data: pageData(await res.text()) };
  };
  const stored = async (responseId?: string) => {
    const query = t.database.db.selectFrom('responses').select(['id', 'answers_json']);
    const rows = await (responseId ? query.where('id', '=', responseId) : query).execute();
    return rows.map((row) => JSON.parse(row.answers_json));
  };

  let webDist: ReturnType<typeof stubWebDist> | undefined;
  beforeAll(async () => {
    webDist = stubWebDist();
    t = await startTestApp(
      dialect,
      { SERVE_WEB: 'true', WEB_DIST_DIR: webDist.dir },
      { now: () => new Date(Date.now() + ahead) },
    );
    owner = (await t.signIn('prefill-owner@example.com', 'Owner')).accessToken;
    formId = (await createForm(t, owner, { jdata: FIELDS })).formId;
  });
  afterAll(async () => {
    await t.close();
    webDist?.remove();
  });

  describe('POST /forms/{formId}/prefill-links', () => {
    it('answers a link: unlocked values in the address (checkboxes repeated), locked ones only in the token', async () => {
      const res = await link({
        values: { name: 'Ada', extras: ['Card, printed', 'Gift wrap'], ref: 'mail', order: ' 42 ' },
        locked: ['order', 'ref'],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.expiresAt).toBeNull();
      const url = new URL(res.body.data.url);
      expect(url.pathname).toBe(`/form/${formId}`);
      expect([...url.searchParams.keys()]).toEqual(['name', 'extras', 'extras', 'prefill']);
      expect(url.searchParams.getAll('extras')).toEqual(['Gift wrap', 'Card, printed']);
      expect(url.searchParams.has('order')).toBe(false);
      expect(url.searchParams.has('ref')).toBe(false);

      // The page of that address carries the values by label, the locked ones read-only, and the token.
      const { status, data } = await page(res.body.data.url);
      expect(status).toBe(200);
      expect(data.view.values).toEqual({
        Name: 'Ada',
        'Order number': '42',
        Extras: ['Gift wrap', 'Card, printed'],
        ref: 'mail',
      });
      expect(data.view.locked).toEqual(['Order number', 'ref']);
      expect(data.view.prefillToken).toBe(url.searchParams.get('prefill'));
      expect(data.view.formError).toBeUndefined();
    });

    it('is the owner’s only: another owner gets 404 as for any form of someone else, a stranger 401', async () => {
      const other = (await t.signIn('prefill-other@example.com', 'Other')).accessToken;
      const res = await link({ values: { name: 'Ada' } }, other);
      expect(res.status).toBe(404);
      const read = await t.request('GET', `/api/v1/forms/${formId}`, { token: other });
      const { code, detail, status } = read.body;
      expect(res.body).toMatchObject({ code, detail, status });
      expect((await link({ values: { name: 'Ada' } }, '')).status).toBe(401);
      expect((await link({ values: { name: 'Ada' } }, owner, 'no-such-form')).status).toBe(404);
    });

    it.each([
      [{ values: { nope: 'x' } }, 'values.nope', 'Unknown field: nope'],
      [{ values: { size: 'XL' } }, 'values.size', 'Size must be one of the listed options'],
      [{ values: { order: 'many' } }, 'values.order', 'Order number must be a number'],
      [{ values: { extras: ['Balloons'] } }, 'values.extras', 'Extras must be one of the listed options'],
      [{ values: { name: 'Ada' }, locked: ['size'] }, 'locked', 'Size is locked but has no value'],
      [{ values: { name: 'Ada' }, locked: ['gone'] }, 'locked', 'Unknown field: gone'],
      [{ values: { name: ' ' } }, 'values', 'Fill in at least one field for the link'],
      // 12,000 characters once encoded: longer than an address may be (PREFILL_LIMITS.urlMax).
      [{ values: { long1: 'é'.repeat(2000) } }, 'values', PREFILL_MESSAGES.linkTooLong],
    ])('refuses %j with a 400 naming the problem', async (body, errorPath, message) => {
      const res = await link(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: message });
      expect(res.body.errors).toEqual([{ path: errorPath, message }]);
    });

    it('refuses locked answers too long for a link, and a body the contract refuses', async () => {
      const long = 'é'.repeat(3000);
      const res = await link({ values: { long1: long, long2: long }, locked: ['long1', 'long2'] });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(
        'The locked answers are too long for a link: lock fewer answers, or shorter ones',
      );
      expect((await link({ values: {} })).status).toBe(400);
      expect((await link({ values: { name: 'Ada' }, expiresInDays: 0 })).status).toBe(400);
    });

    it('a link with an expiry says when; after it the page says so and locks nothing, and the form refuses it', async () => {
      const res = await link({ values: { name: 'Ada', size: 'M' }, locked: ['size'], expiresInDays: 2 });
      expect(res.status).toBe(200);
      const expiresAt = Date.parse(res.body.data.expiresAt);
      expect(expiresAt - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
      const token = new URL(res.body.data.url).searchParams.get('prefill') as string;
      expect((await page(res.body.data.url)).data.view.values).toEqual({ Name: 'Ada', Size: 'M' });
      try {
        ahead = 3 * 86_400_000;
        const { data } = await page(res.body.data.url);
        expect(data.view.formError).toBe(PREFILL_MESSAGES.expired);
        expect(data.view.locked).toBeUndefined();
        expect(data.view.prefillToken).toBeUndefined();
        expect(data.view.values).toEqual({ Name: 'Ada' });
        const submitted = await t.request('POST', `/api/v1/forms/${formId}/submit-form`, {
          body: {
            idempotencyKey: 'expired-link-1',
            prefillToken: token,
            response: { Name: 'Ada', Size: 'M' },
          },
        });
        expect(submitted.status).toBe(400);
        expect(submitted.body.detail).toBe(PREFILL_MESSAGES.expired);
      } finally {
        ahead = 0;
      }
    });
  });

  describe('GET /form/{formId} with answers in the address', () => {
    it('prefills fields by id or label, matching options, and ignores values that do not fit', async () => {
      const { data } = await page(
        `/form/${formId}?Name=Grace&size=l&extras=Gift%20wrap&extras=Balloons&ref=ads&Order%20number=7&unrelated=1`,
      );
      expect(data.view.values).toEqual({
        Name: 'Grace',
        'Order number': '7',
        Size: 'L',
        Extras: ['Gift wrap'],
        ref: 'ads',
      });
      expect(data.view.locked).toBeUndefined();
      expect(data.view.formError).toBeUndefined();
    });

    it('an address that prefills nothing gets the plain page', async () => {
      const { data } = await page(`/form/${formId}?utm_campaign=spring&size=XL`);
      expect(data.view.kind).toBe('form');
      expect(data.view.values).toBeUndefined();
    });

    it('a token that is not valid here: the form with the query’s values, nothing locked, and why', async () => {
      const made = await link({ values: { name: 'Ada' }, locked: ['name'] });
      const token = new URL(made.body.data.url).searchParams.get('prefill') as string;
      const other = (await createForm(t, owner, { jdata: FIELDS })).formId;
      for (const [target, sent] of [
        [other, token],
        [formId, `${token.slice(0, -2)}xx`],
      ]) {
        const { status, data } = await page(
          `/form/${target}?size=S&prefill=${encodeURIComponent(sent ?? '')}`,
        );
        expect(status).toBe(200);
        expect(data.view.formError).toBe(PREFILL_MESSAGES.invalid);
        expect(data.view.values).toEqual({ Size: 'S' });
        expect(data.view.locked).toBeUndefined();
        expect(data.view.prefillToken).toBeUndefined();
      }
    });
  });

  describe('POST /form/{formId} (no JavaScript) with a locked answer', () => {
    const post = async (fields: Array<[string, string]>) => {
      const nonce = (await page(`/form/${formId}`)).data.nonce;
      const body = new URLSearchParams([...fields, ['submission', nonce]]);
      const res = await fetch(`${t.url}/form/${formId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      return { status: res.status, data: pageData(await res.text()) };
    };

    it('refuses a changed locked answer on the page, still locked; takes the token’s when none is sent', async () => {
      const made = await link({ values: { order: '42', name: 'Ada' }, locked: ['order'] });
      const token = new URL(made.body.data.url).searchParams.get('prefill') as string;

      const changed = await post([
        ['answer:Name', 'Ada'],
        ['answer:Order number', '43'],
        ['prefillToken', token],
      ]);
      expect(changed.status).toBe(400);
      expect(changed.data.view.errors).toEqual({ 'Order number': PREFILL_MESSAGES.lockedChanged });
      expect(changed.data.view.values).toEqual({ Name: 'Ada', 'Order number': '42' });
      expect(changed.data.view.locked).toEqual(['Order number']);
      expect(changed.data.view.prefillToken).toBe(token);

      const before = (await stored()).length;
      const taken = await post([
        ['answer:Name', 'Bo'],
        ['prefillToken', token],
      ]);
      expect(taken.status).toBe(200);
      expect(taken.data.view.kind).toBe('submitted');
      const rows = await stored();
      expect(rows).toHaveLength(before + 1);
      expect(rows).toContainEqual({ Name: 'Bo', 'Order number': '42' });
    });
  });
});
