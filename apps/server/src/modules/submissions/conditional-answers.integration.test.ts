import { PREFILL_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 23 through the real routes, the sheet sync running: the server judges conditional questions
 * (answers to hidden fields dropped, blank in the stored response and in the sheet row), requires a
 * field only while it shows, stores and writes hidden fields, and enforces a prefilled link's locked
 * answers.
 */
const FIELDS = [
  { id: 'name', label: 'Name', type: 'text', required: true },
  { id: 'coming', label: 'Attending', type: 'radio', required: true, options: ['Yes', 'No'] },
  {
    id: 'guests',
    label: 'Guests',
    type: 'number',
    required: true,
    visibleWhen: { match: 'all', rules: [{ fieldId: 'coming', op: 'equals', value: 'Yes' }] },
  },
  { id: 'notes', label: 'Notes', type: 'text' },
  { id: 'utm', label: 'utm_source', type: 'hidden' },
];

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDialect('conditional questions, hidden fields and locked answers', (dialect) => {
  let t: TestApp;
  let owner: string;
  let formId: string;
  let spreadsheetId: string;

  const stored = async (responseId: string) =>
    JSON.parse(
      (
        await t.database.db
          .selectFrom('responses')
          .select('answers_json')
          .where('id', '=', responseId)
          .executeTakeFirstOrThrow()
      ).answers_json,
    );
  /** The sheet row of a response once the sync has written it. */
  const sheetRow = (responseId: string) =>
    waitFor(async () => {
      const { values } = (await t.emulatorControl(
        'GET',
        `/spreadsheets/${spreadsheetId}/values/Responses`,
      )) as {
        values: string[][];
      };
      const row = values.find((cells) => cells.includes(responseId));
      return row ? { header: values[0] ?? [], row } : undefined;
    });
  const lockedLink = async (values: Record<string, string>, locked: string[]) => {
    const res = await t.request('POST', `/api/v1/forms/${formId}/prefill-links`, {
      token: owner,
      body: { values, locked },
    });
    expect(res.status).toBe(200);
    return new URL(res.body.data.url).searchParams.get('prefill') as string;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { SHEET_SYNC_ENABLED: 'true' });
    owner = (await t.signIn('conditional-owner@example.com', 'Owner')).accessToken;
    const sheet = await t.emulatorControl('POST', '/spreadsheets', {
      title: 'Conditional',
      sheets: [{ title: 'Responses', rows: [] }],
      sharing: { link: 'edit', people: [] },
    });
    spreadsheetId = sheet.spreadsheetId;
    formId = (
      await createForm(t, owner, {
        googleSheetsUrl: sheet.spreadsheetUrl,
        sheetName: 'Responses',
        jdata: FIELDS,
      })
    ).formId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('drops an answer to a field its rules hide: not stored, a blank cell in its own column', async () => {
    const res = await submit(t, formId, {
      response: { Name: 'Ada', Attending: 'No', Guests: 'lots', Notes: 'hi', utm_source: 'newsletter' },
    });
    expect(res.status).toBe(201);
    const responseId = res.body.data.responseId as string;
    expect(await stored(responseId)).toEqual({
      Name: 'Ada',
      Attending: 'No',
      Notes: 'hi',
      utm_source: 'newsletter',
    });

    const { header, row } = await sheetRow(responseId);
    expect(header.slice(0, 5)).toEqual(['Name', 'Attending', 'Guests', 'Notes', 'utm_source']);
    expect(row.slice(0, 5)).toEqual(['Ada', 'No', '', 'hi', 'newsletter']);
  });

  it('requires a required field only while it shows, both ways', async () => {
    const missing = await submit(t, formId, { response: { Name: 'Ada', Attending: 'Yes' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Guests is required' });
    expect(missing.body.errors).toEqual([{ path: 'response.Guests', message: 'Guests is required' }]);

    const shown = await submit(t, formId, { response: { Name: 'Ada', Attending: 'Yes', Guests: '3' } });
    expect(shown.status).toBe(201);
    expect(await stored(shown.body.data.responseId)).toEqual({ Name: 'Ada', Attending: 'Yes', Guests: '3' });

    const hidden = await submit(t, formId, { response: { Name: 'Bo', Attending: 'No' } });
    expect(hidden.status).toBe(201);
  });

  it('stores and writes a hidden field’s value from the submission, keyed by its id too', async () => {
    const res = await submit(t, formId, { response: { name: 'Cy', coming: 'No', utm: 'ads' } });
    expect(res.status).toBe(201);
    const responseId = res.body.data.responseId as string;
    expect(await stored(responseId)).toEqual({ Name: 'Cy', Attending: 'No', utm_source: 'ads' });
    expect((await sheetRow(responseId)).row.slice(0, 5)).toEqual(['Cy', 'No', '', '', 'ads']);
  });

  it('enforces locked answers: another answer is refused, none takes the token’s, and they count for the rules', async () => {
    const token = await lockedLink({ coming: 'Yes', utm: 'partner' }, ['coming', 'utm']);

    const changed = await submit(t, formId, {
      prefillToken: token,
      response: { Name: 'Di', Attending: 'No', utm_source: 'partner' },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.detail).toBe(PREFILL_MESSAGES.lockedChanged);
    expect(changed.body.errors).toEqual([
      { path: 'response.Attending', message: PREFILL_MESSAGES.lockedChanged },
    ]);

    // The locked Yes shows Guests, so it is required.
    const needsGuests = await submit(t, formId, { prefillToken: token, response: { Name: 'Di' } });
    expect(needsGuests.status).toBe(400);
    expect(needsGuests.body.detail).toBe('Guests is required');

    const taken = await submit(t, formId, { prefillToken: token, response: { Name: 'Di', Guests: '2' } });
    expect(taken.status).toBe(201);
    const responseId = taken.body.data.responseId as string;
    expect(await stored(responseId)).toEqual({
      Name: 'Di',
      Attending: 'Yes',
      Guests: '2',
      utm_source: 'partner',
    });
    expect((await sheetRow(responseId)).row.slice(0, 5)).toEqual(['Di', 'Yes', '2', '', 'partner']);
  });

  it('refuses a tampered token, and one made for another form, with the link message', async () => {
    const token = await lockedLink({ coming: 'Yes' }, ['coming']);
    const [payload = '', signature = ''] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ f: formId, v: { coming: 'No' } })).toString('base64url')}.${signature}`;
    const other = await createForm(t, owner, { jdata: FIELDS });
    for (const [target, sent] of [
      [formId, forged],
      [other.formId, token],
      [formId, `${payload}.`],
    ] as const) {
      const res = await submit(t, target, { prefillToken: sent, response: { Name: 'Ed', Attending: 'No' } });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(PREFILL_MESSAGES.invalid);
      expect(res.body.errors).toEqual([{ path: 'body.prefillToken', message: PREFILL_MESSAGES.invalid }]);
    }
  });
});
