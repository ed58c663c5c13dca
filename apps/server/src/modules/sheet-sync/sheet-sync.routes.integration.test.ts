import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm } from '../../test/forms.js';
import { submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeEachDialect('sheet sync through the API, worker running', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { SHEET_SYNC_ENABLED: 'true' });
    token = (await t.signIn('sync-owner@example.com')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  async function sheetFor(title: string, link: 'none' | 'edit') {
    const created = await t.emulatorControl('POST', '/spreadsheets', {
      title,
      sheets: [{ title: 'Responses', rows: [['Full Name', 'Email']] }],
      sharing: { link, people: [] },
    });
    return created as { spreadsheetId: string; spreadsheetUrl: string };
  }

  const rowsOf = async (spreadsheetId: string) =>
    (
      (await t.emulatorControl('GET', `/spreadsheets/${spreadsheetId}/values/Responses`)) as {
        values: string[][];
      }
    ).values;

  it('a submitted response reaches the sheet once, and its public status says so', async () => {
    const sheet = await sheetFor('Sync ok', 'edit');
    const form = await createForm(t, token, {
      googleSheetsUrl: sheet.spreadsheetUrl,
      sheetName: 'Responses',
    });
    const res = await submit(t, form.formId, {
      response: { 'Full Name': '=IMPORTXML("x")', Email: 'a@b.co' },
    });
    expect(res.status).toBe(201);
    const responseId = res.body.data.responseId as string;

    const state = await waitFor(async () => {
      const status = await t.request('GET', `/api/v1/forms/responses/${responseId}/sync-status`);
      return status.body.data.state === 'synced' ? status.body.data : undefined;
    });
    expect(state).toEqual({ responseId, state: 'synced' });
    const rows = await rowsOf(sheet.spreadsheetId);
    expect(rows[0]).toEqual(['Full Name', 'Email', 'Timestamp', 'Response ID']);
    const ours = rows.filter((row) => row.includes(responseId));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.[0]).toBe('=IMPORTXML("x")');
  });

  it('a private sheet fails with a reason; sharing it and Retry lands the row exactly once', async () => {
    const sheet = await sheetFor('Sync private', 'none');
    const form = await createForm(t, token, {
      googleSheetsUrl: sheet.spreadsheetUrl,
      sheetName: 'Responses',
    });
    const res = await submit(t, form.formId, { response: { 'Full Name': 'Grace' } });
    const responseId = res.body.data.responseId as string;

    await waitFor(async () => {
      const counts = await t.request('GET', '/api/v1/forms/sync-counts', { token });
      return counts.body.data[form.formId]?.failed === 1 ? true : undefined;
    });
    const detail = await t.request('GET', `/api/v1/forms/${form.formId}`, { token });
    expect(detail.body.data.formResponse[0].syncError).toMatch(/^Share the spreadsheet with /);

    await t.emulatorControl('PATCH', `/spreadsheets/${sheet.spreadsheetId}`, {
      sharing: { link: 'edit', people: [] },
    });
    const retry = await t.request('POST', `/api/v1/forms/${form.formId}/retry-sync`, { token });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({
      data: { retried: 1 },
      message: '1 response queued for the sheet again',
    });

    await waitFor(async () => {
      const status = await t.request('GET', `/api/v1/forms/responses/${responseId}/sync-status`);
      return status.body.data.state === 'synced' ? true : undefined;
    });
    expect((await rowsOf(sheet.spreadsheetId)).filter((row) => row.includes(responseId))).toHaveLength(1);
    const counts = await t.request('GET', '/api/v1/forms/sync-counts', { token });
    expect(counts.body.data[form.formId]).toBeUndefined();
  });

  it('shows the owner the last error of a response still being retried; the public status shows its state only', async () => {
    const sheet = await sheetFor('Sync flaky', 'edit');
    const form = await createForm(t, token, {
      googleSheetsUrl: sheet.spreadsheetUrl,
      sheetName: 'Responses',
    });
    let responseId = '';
    try {
      await t.emulatorControl('PUT', '/faults', { errorRate: 1, errorStatus: 503, target: 'all' });
      const res = await submit(t, form.formId, { response: { 'Full Name': 'Flaky' } });
      expect(res.status).toBe(201);
      responseId = res.body.data.responseId as string;
      const waiting = await waitFor(async () => {
        const detail = await t.request('GET', `/api/v1/forms/${form.formId}`, { token });
        const response = detail.body.data.formResponse[0];
        return response?.syncError ? response : undefined;
      });
      // Google being down is no reason to give up: still queued, with what went wrong last.
      expect(['pending', 'claimed']).toContain(waiting.syncState);
      expect(waiting.syncError).toMatch(/unavailable/i);
      const counts = await t.request('GET', '/api/v1/forms/sync-counts', { token });
      expect(counts.body.data[form.formId]).toEqual({ pending: 1, failed: 0 });
      const status = await t.request('GET', `/api/v1/forms/responses/${responseId}/sync-status`);
      expect(Object.keys(status.body.data).sort()).toEqual(['responseId', 'state']);
      expect(['pending', 'claimed']).toContain(status.body.data.state);
    } finally {
      await t.emulatorControl('DELETE', '/faults');
    }
    await waitFor(async () => {
      const status = await t.request('GET', `/api/v1/forms/responses/${responseId}/sync-status`);
      return status.body.data.state === 'synced' ? true : undefined;
    }, 30_000);
    const detail = await t.request('GET', `/api/v1/forms/${form.formId}`, { token });
    expect(detail.body.data.formResponse[0]).toMatchObject({ syncState: 'synced', syncError: null });
    expect((await rowsOf(sheet.spreadsheetId)).filter((row) => row.includes(responseId))).toHaveLength(1);
  });

  it('saving fixed sheet settings retries failed responses', async () => {
    const privateSheet = await sheetFor('Sync wrong', 'none');
    const goodSheet = await sheetFor('Sync right', 'edit');
    const form = await createForm(t, token, {
      googleSheetsUrl: privateSheet.spreadsheetUrl,
      sheetName: 'Responses',
    });
    const res = await submit(t, form.formId, { response: { 'Full Name': 'Ada' } });
    const responseId = res.body.data.responseId as string;
    await waitFor(async () => {
      const status = await t.request('GET', `/api/v1/forms/responses/${responseId}/sync-status`);
      return status.body.data.state === 'failed' ? true : undefined;
    });
    const saved = await t.request('PUT', `/api/v1/forms/${form.formId}`, {
      token,
      body: { googleSheetsUrl: goodSheet.spreadsheetUrl, sheetName: 'Responses' },
    });
    expect(saved.status).toBe(200);
    await waitFor(async () => {
      const status = await t.request('GET', `/api/v1/forms/responses/${responseId}/sync-status`);
      return status.body.data.state === 'synced' ? true : undefined;
    });
    expect((await rowsOf(goodSheet.spreadsheetId)).filter((row) => row.includes(responseId))).toHaveLength(1);
  });

  it('keeps owner routes owner-scoped and the status route to real ids', async () => {
    const other = (await t.signIn('sync-other@example.com')).accessToken;
    const form = await createForm(t, token);
    expect(
      (await t.request('POST', `/api/v1/forms/${form.formId}/retry-sync`, { token: other })).status,
    ).toBe(404);
    expect((await t.request('POST', `/api/v1/forms/${form.formId}/retry-sync`)).status).toBe(401);
    expect((await t.request('GET', '/api/v1/forms/sync-counts')).status).toBe(401);
    const unknown = await t.request(
      'GET',
      '/api/v1/forms/responses/00000000-0000-4000-8000-000000000000/sync-status',
    );
    expect(unknown.status).toBe(404);
    expect((await t.request('GET', '/api/v1/forms/responses/not-a-uuid/sync-status')).status).toBe(400);
  });
});
