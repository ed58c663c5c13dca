import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { createForm, insertResponse } from '../../test/forms.js';
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

  it("a row's Retry queues that failed response alone; the others stay failed until their own Retry", async () => {
    const sheet = await sheetFor('Sync one by one', 'edit');
    const form = await createForm(t, token, {
      googleSheetsUrl: sheet.spreadsheetUrl,
      sheetName: 'Responses',
    });
    // The owner stops sharing the sheet after creating the form: both responses fail.
    await t.emulatorControl('PATCH', `/spreadsheets/${sheet.spreadsheetId}`, {
      sharing: { link: 'none', people: [] },
    });
    const first = (await submit(t, form.formId, { response: { 'Full Name': 'One' } })).body.data
      .responseId as string;
    const second = (await submit(t, form.formId, { response: { 'Full Name': 'Two' } })).body.data
      .responseId as string;
    await waitFor(async () => {
      const counts = await t.request('GET', '/api/v1/forms/sync-counts', { token });
      return counts.body.data[form.formId]?.failed === 2 ? true : undefined;
    });
    await t.emulatorControl('PATCH', `/spreadsheets/${sheet.spreadsheetId}`, {
      sharing: { link: 'edit', people: [] },
    });

    const retry = await t.request('POST', `/api/v1/forms/${form.formId}/responses/${first}/retry-sync`, {
      token,
    });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({
      data: { responseId: first, state: 'pending' },
      message: 'Response queued for the sheet again',
    });
    await waitFor(async () => {
      const status = await t.request('GET', `/api/v1/forms/responses/${first}/sync-status`);
      return status.body.data.state === 'synced' ? true : undefined;
    });
    const stateOf = async (id: string) =>
      (await t.request('GET', `/api/v1/forms/responses/${id}/sync-status`)).body.data.state;
    expect(await stateOf(second)).toBe('failed');
    const rows = await rowsOf(sheet.spreadsheetId);
    expect(rows.filter((row) => row.includes(first))).toHaveLength(1);
    expect(rows.filter((row) => row.includes(second))).toHaveLength(0);

    // Nothing to retry on a synced response: 409 with a reason, and it is not written twice.
    const again = await t.request('POST', `/api/v1/forms/${form.formId}/responses/${first}/retry-sync`, {
      token,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'RESPONSE_ALREADY_SYNCED',
      detail: 'This response is already in the Google Sheet',
    });
    expect(await stateOf(first)).toBe('synced');
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

describeEachDialect('per-response retry, worker stopped', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    token = (await t.signIn('retry-owner@example.com')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  async function responseIn(formRowId: string, state: 'pending' | 'claimed' | 'synced' | 'failed') {
    const id = await insertResponse(t.database, formRowId, new Date().toISOString());
    await t.database.db
      .updateTable('responses')
      .set({ sync_state: state, attempts: 3, last_error: 'Share the spreadsheet', next_attempt_at: null })
      .where('id', '=', id)
      .execute();
    return id;
  }
  const retry = (formId: string, responseId: string, as?: string) =>
    t.request('POST', `/api/v1/forms/${formId}/responses/${responseId}/retry-sync`, as ? { token: as } : {});
  const rowOf = (id: string) =>
    t.database.db
      .selectFrom('responses')
      .select(['sync_state', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('queues a failed response again as new, and only it; a paused form sync resumes', async () => {
    const form = await createForm(t, token);
    const failed = await responseIn(form.id, 'failed');
    const otherFailed = await responseIn(form.id, 'failed');
    await t.database.db
      .updateTable('forms')
      .set({ sync_paused_reason: 'Rows landed outside the table' })
      .where('id', '=', form.id)
      .execute();
    const res = await retry(form.formId, failed, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { responseId: failed, state: 'pending' },
      message: 'Response queued for the sheet again',
    });
    expect(await rowOf(failed)).toEqual({ sync_state: 'pending', attempts: 0 });
    expect(await rowOf(otherFailed)).toEqual({ sync_state: 'failed', attempts: 3 });
    const paused = await t.database.db
      .selectFrom('forms')
      .select('sync_paused_reason')
      .where('id', '=', form.id)
      .executeTakeFirstOrThrow();
    expect(paused.sync_paused_reason).toBeNull();
  });

  it('answers 409 with the reason for a response that has not failed, and leaves it as it was', async () => {
    const form = await createForm(t, token);
    const cases = [
      ['synced', 'RESPONSE_ALREADY_SYNCED', 'This response is already in the Google Sheet'],
      [
        'pending',
        'RESPONSE_ALREADY_QUEUED',
        'This response is already waiting to be written to the Google Sheet',
      ],
      [
        'claimed',
        'RESPONSE_ALREADY_QUEUED',
        'This response is already waiting to be written to the Google Sheet',
      ],
    ] as const;
    for (const [state, code, detail] of cases) {
      const id = await responseIn(form.id, state);
      const res = await retry(form.formId, id, token);
      expect(res.status, state).toBe(409);
      expect(res.body, state).toMatchObject({ code, detail });
      expect(await rowOf(id), state).toEqual({ sync_state: state, attempts: 3 });
    }
  });

  it("answers 404 for another owner's form or response, 401 without a token", async () => {
    const other = (await t.signIn('retry-other@example.com')).accessToken;
    const mine = await createForm(t, token);
    const theirs = await createForm(t, other);
    const failed = await responseIn(mine.id, 'failed');
    const theirFailed = await responseIn(theirs.id, 'failed');

    const foreign = await retry(mine.formId, failed, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Form not found' });
    // Their response through my form: not in it.
    const crossed = await retry(mine.formId, theirFailed, token);
    expect(crossed.status).toBe(404);
    expect(crossed.body).toMatchObject({ code: 'RESPONSE_NOT_FOUND', detail: 'Response not found' });
    expect((await retry(mine.formId, 'no-such-response', token)).status).toBe(404);
    expect((await retry(mine.formId, failed)).status).toBe(401);
    expect(await rowOf(failed)).toEqual({ sync_state: 'failed', attempts: 3 });
    expect(await rowOf(theirFailed)).toEqual({ sync_state: 'failed', attempts: 3 });
  });

  it('documents the route in OpenAPI', async () => {
    const res = await t.request('GET', '/api/v1/openapi.json');
    const path = res.body.paths['/api/v1/forms/{formId}/responses/{responseId}/retry-sync'];
    expect(path?.post?.summary).toBe('Queue one failed response for the sheet again');
    expect(Object.keys(res.body.components.schemas)).toContain('RetryResponseSyncResult');
  });
});
