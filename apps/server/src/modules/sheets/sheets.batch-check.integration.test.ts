import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

const BATCH = '/api/v1/forms/check-sheet-access/batch';
const sheetUrl = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit#gid=0`;

/** Google's fetch, counting the metadata reads per spreadsheet and answering 429 on demand. */
function countingFetch() {
  const state = { reads: new Map<string, number>(), rateLimited: false };
  const googleFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const read = /\/v4\/spreadsheets\/([^/:?]+)$/.exec(url.pathname);
    if (read?.[1]) {
      state.reads.set(read[1], (state.reads.get(read[1]) ?? 0) + 1);
      if (state.rateLimited) {
        return new Response(
          '{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"Quota exceeded"}}',
          {
            status: 429,
            headers: { 'content-type': 'application/json' },
          },
        );
      }
    }
    return fetch(input, init);
  };
  return { state, googleFetch, readsOf: (id: string) => state.reads.get(id) ?? 0 };
}

/**
 * Manage Forms asks for every form's Sheet Status in one call per load; results are reused for 60 s per
 * owner, spreadsheet and sheet, so reloading the list does not spend Google's quota (issue 22).
 */
describeEachDialect('POST /forms/check-sheet-access/batch', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let clockMs = 0;
  const google = countingFetch();
  const ids: Record<string, string> = {};

  const batch = (formIds: unknown, token = alice) => t.request('POST', BATCH, { token, body: { formIds } });

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      {},
      { googleFetch: google.googleFetch, now: () => new Date(Date.now() + clockMs) },
    );
    alice = (await t.signIn('alice@example.com')).accessToken;
    bob = (await t.signIn('bob@example.com')).accessToken;
    await t.emulatorControl('POST', '/seed');
    const { spreadsheets } = await t.emulatorControl('GET', '/spreadsheets');
    for (const s of spreadsheets as { spreadsheetId: string; title: string }[])
      ids[s.title] = s.spreadsheetId;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    google.state.rateLimited = false;
  });

  /** A link-shared spreadsheet of its own, so no other test's checks are in its cache or its count. */
  async function ownSpreadsheet(title: string): Promise<string> {
    const created = (await t.emulatorControl('POST', '/spreadsheets', {
      title,
      sharing: { link: 'edit', people: [] },
      sheets: [{ title: 'Registrations', rows: [['Name']] }],
    })) as { spreadsheetId: string };
    return created.spreadsheetId;
  }

  it('answers each form in one call, and unchecked for forms without sheet settings', async () => {
    const spreadsheetId = await ownSpreadsheet('Batch one call');
    const connected = await createForm(t, alice, {
      googleSheetsUrl: sheetUrl(spreadsheetId),
      sheetName: 'Registrations',
    });
    const missingTab = await createForm(t, alice, {
      googleSheetsUrl: sheetUrl(spreadsheetId),
      sheetName: 'Later',
    });
    const notConfigured = await createForm(t, alice, { googleSheetsUrl: '', sheetName: 'Sheet1' });

    const readsBefore = google.readsOf(spreadsheetId);
    const res = await batch([connected.formId, missingTab.formId, notConfigured.formId]);
    expect(res.status).toBe(200);
    expect(res.body.data.results[connected.formId]).toEqual({
      accessible: true,
      error: null,
      message: 'Connected to "Batch one call". Responses go to sheet "Registrations".',
      lastChecked: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sheetExists: true,
    });
    expect(res.body.data.results[missingTab.formId]).toMatchObject({ accessible: true, sheetExists: false });
    expect(res.body.data.unchecked).toEqual([notConfigured.formId]);
    // Two sheets of one spreadsheet: one read each, and none more when the list loads again.
    expect(google.readsOf(spreadsheetId) - readsBefore).toBe(2);
    await batch([connected.formId, missingTab.formId]);
    expect(google.readsOf(spreadsheetId) - readsBefore).toBe(2);
  });

  it("never checks another owner's form: it is answered as unchecked, like one that does not exist", async () => {
    const bobsSpreadsheet = await ownSpreadsheet('Bob only');
    const bobs = await createForm(t, bob, {
      googleSheetsUrl: sheetUrl(bobsSpreadsheet),
      sheetName: 'Registrations',
    });
    const readsBefore = google.readsOf(bobsSpreadsheet);

    const res = await batch([bobs.formId, 'no-such-form']);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ results: {}, unchecked: [bobs.formId, 'no-such-form'] });
    expect(google.readsOf(bobsSpreadsheet)).toBe(readsBefore);

    // And Bob's own check is his: Alice's cache holds nothing of it, nor he of hers.
    const his = await batch([bobs.formId], bob);
    expect(his.body.data.results[bobs.formId]).toMatchObject({ accessible: true });
  });

  it('answers again from the cache within 60 s, and asks Google once the 60 s are over', async () => {
    const spreadsheetId = await ownSpreadsheet('Batch cached');
    const form = await createForm(t, alice, {
      googleSheetsUrl: sheetUrl(spreadsheetId),
      sheetName: 'Registrations',
    });
    const first = await batch([form.formId]);
    const reads = google.readsOf(spreadsheetId);
    expect(reads).toBeGreaterThan(0);

    clockMs += 59_000;
    const again = await batch([form.formId]);
    expect(again.body.data.results[form.formId]).toEqual(first.body.data.results[form.formId]);
    expect(google.readsOf(spreadsheetId)).toBe(reads);

    clockMs += 2_000;
    const later = await batch([form.formId]);
    expect(google.readsOf(spreadsheetId)).toBe(reads + 1);
    expect(later.body.data.results[form.formId].lastChecked).not.toBe(
      first.body.data.results[form.formId].lastChecked,
    );
  });

  it("checks again at once after the form's sheet settings are edited", async () => {
    const spreadsheetId = await ownSpreadsheet('Batch edited');
    const form = await createForm(t, alice, {
      googleSheetsUrl: sheetUrl(spreadsheetId),
      sheetName: 'Registrations',
    });
    expect((await batch([form.formId])).body.data.results[form.formId]).toMatchObject({ sheetExists: true });
    // Someone deletes the tab in Google; the cached answer still says it exists ...
    await t.emulatorControl('PATCH', `/spreadsheets/${spreadsheetId}`, {
      sharing: { link: 'none', people: [] },
    });
    const reads = google.readsOf(spreadsheetId);
    expect((await batch([form.formId])).body.data.results[form.formId]).toMatchObject({ accessible: true });
    expect(google.readsOf(spreadsheetId)).toBe(reads);

    // ... until the owner saves the sheet settings: the next load checks them.
    await t.emulatorControl('PATCH', `/spreadsheets/${spreadsheetId}`, {
      sharing: { link: 'edit', people: [] },
    });
    const saved = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token: alice,
      body: { googleSheetsUrl: sheetUrl(spreadsheetId), sheetName: 'Answers' },
    });
    expect(saved.status).toBe(200);
    const readsAfterSave = google.readsOf(spreadsheetId);
    const after = await batch([form.formId]);
    expect(google.readsOf(spreadsheetId)).toBe(readsAfterSave + 1);
    expect(after.body.data.results[form.formId]).toMatchObject({
      accessible: true,
      sheetExists: false,
      message: expect.stringContaining('Sheet "Answers" does not exist yet'),
    });
  });

  it("answers Google's 429 as a retryable check, not cached, so the next call asks again", async () => {
    const spreadsheetId = await ownSpreadsheet('Batch rate limited');
    const form = await createForm(t, alice, {
      googleSheetsUrl: sheetUrl(spreadsheetId),
      sheetName: 'Registrations',
    });
    google.state.rateLimited = true;
    const limited = await batch([form.formId]);
    expect(limited.status).toBe(200);
    expect(limited.body.data.results[form.formId]).toMatchObject({
      accessible: false,
      error: 'CHECK_FAILED',
      retryable: true,
    });

    google.state.rateLimited = false;
    const reads = google.readsOf(spreadsheetId);
    const retried = await batch([form.formId]);
    expect(google.readsOf(spreadsheetId)).toBe(reads + 1);
    expect(retried.body.data.results[form.formId]).toMatchObject({ accessible: true, error: null });
    expect(retried.body.data.results[form.formId]).not.toHaveProperty('retryable');
  });

  it('lets Recheck (the single check) ask Google even while the batch would answer from its cache', async () => {
    const spreadsheetId = await ownSpreadsheet('Batch recheck');
    const form = await createForm(t, alice, {
      googleSheetsUrl: sheetUrl(spreadsheetId),
      sheetName: 'Registrations',
    });
    await batch([form.formId]);
    const reads = google.readsOf(spreadsheetId);
    const single = await t.request('POST', '/api/v1/forms/check-sheet-access', {
      token: alice,
      body: { googleSheetsUrl: sheetUrl(spreadsheetId), sheetName: 'Registrations' },
    });
    expect(single.status).toBe(200);
    expect(single.body.data).toMatchObject({ accessible: true });
    expect(google.readsOf(spreadsheetId)).toBe(reads + 1);
    // Its fresh answer is what the list's next load shows.
    const next = await batch([form.formId]);
    expect(next.body.data.results[form.formId]).toEqual(single.body.data);
    expect(google.readsOf(spreadsheetId)).toBe(reads + 1);
  });

  describe('bad input', () => {
    it('answers 401 without a signed-in user', async () => {
      const res = await t.request('POST', BATCH, { body: { formIds: ['x'] } });
      expect(res.status).toBe(401);
    });

    it('answers 400 for no ids, more than 200, or ids that are not strings', async () => {
      const tooMany = Array.from({ length: 201 }, (_, i) => `form-${i}`);
      for (const formIds of [[], tooMany, [1, 2], 'abc', undefined]) {
        const res = await batch(formIds);
        expect(res.status, JSON.stringify(formIds)?.slice(0, 40)).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      expect((await batch(Array.from({ length: 200 }, (_, i) => `form-${i}`))).status).toBe(200);
    });
  });
});
