import { RESPONSES_MESSAGES } from '@sheetforms/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { strictlyIncreasingClock } from '../../test/forms.js';
import { addFormUser, createPublicForm, formLogin, submit } from '../../test/public-forms.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 22, item 8: who answered a login-protected form reaches the owner's list and exports; a form
 * without a sheet reads 'No sheet'; the export's readable timestamp is in the zone the owner asks for.
 */
describeEachDialect('responses: respondent, No sheet, export time zone', (dialect) => {
  let t: TestApp;
  let owner: string;
  let intruder: string;

  const api = (path: string, token: string) => t.request('GET', `/api/v1${path}`, { token });
  const raw = (path: string, token: string) =>
    fetch(`${t.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      {},
      { now: strictlyIncreasingClock(Date.parse('2026-01-15T03:04:05.000Z')) },
    );
    owner = (await t.signIn('owner@example.com', 'Owner')).accessToken;
    intruder = (await t.signIn('intruder@example.com', 'Intruder')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('a login-protected form', () => {
    let form: { id: string; formId: string };
    let responseId: string;
    let formUserId: string;

    beforeAll(async () => {
      form = await createPublicForm(t, owner, { settings: { loginRequired: 1 } });
      const { password, formUser } = await addFormUser(t, owner, form.formId, 'Ada@Example.com');
      formUserId = formUser.id;
      const token = await formLogin(t, form.formId, 'ada@example.com', password);
      const res = await submit(t, form.formId, { response: { 'Full Name': 'Ada' }, userToken: token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      responseId = res.body.data.responseId;
    });

    it("lists each response with the authorized user's email, and finds it by that email", async () => {
      const res = await api(`/forms/${form.formId}/responses`, owner);
      expect(res.status).toBe(200);
      expect(res.body.data.items).toEqual([
        expect.objectContaining({ id: responseId, respondent: 'ada@example.com' }),
      ]);
      const found = await api(`/forms/${form.formId}/responses?q=ADA%40EXAMPLE`, owner);
      expect(found.body.data.items.map((item: { id: string }) => item.id)).toEqual([responseId]);
      const detail = await api(`/forms/${form.formId}`, owner);
      expect(detail.body.data.formResponse[0].respondent).toBe('ada@example.com');
    });

    it('keeps the email once the form user is removed', async () => {
      const removed = await t.request('POST', '/api/v1/forms/delete-user', {
        token: owner,
        body: { formId: form.formId, id: formUserId },
      });
      expect(removed.status).toBe(200);
      const res = await api(`/forms/${form.formId}/responses`, owner);
      expect(res.body.data.items[0].respondent).toBe('ada@example.com');
    });

    it("exports a Respondent column after Response ID, the time in the owner's zone and in ISO", async () => {
      const csv = await (
        await raw(`/forms/${form.formId}/responses/export?format=csv&timeZone=America%2FNew_York`, owner)
      ).text();
      const [header, first] = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe(
        '"No.","Timestamp (America/New_York)","Timestamp (ISO 8601, UTC)","Response ID","Respondent","Full Name","Email","Signature","Sync state"',
      );
      const created = (await api(`/forms/${form.formId}/responses`, owner)).body.data.items[0].createdAt;
      const local = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/New_York',
        dateStyle: 'short',
      }).format(new Date(created));
      expect(first).toMatch(
        new RegExp(
          `^"1","${local} \\d\\d:\\d\\d:\\d\\d","${created}","${responseId}","ada@example.com","Ada"`,
        ),
      );

      const xlsx = await raw(
        `/forms/${form.formId}/responses/export?format=xlsx&timeZone=America%2FNew_York`,
        owner,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      const cells = (n: number) => Array.from((sheet.getRow(n).values as unknown[]).slice(1), (c) => c ?? '');
      expect(cells(1).slice(0, 5)).toEqual([
        'No.',
        'Timestamp (America/New_York)',
        'Timestamp (ISO 8601, UTC)',
        'Response ID',
        'Respondent',
      ]);
      expect(cells(2)[4]).toBe('ada@example.com');
    });

    it('refuses an unknown time zone with a clear 400, and writes UTC when none is given', async () => {
      const bad = await api(
        `/forms/${form.formId}/responses/export?format=csv&timeZone=Mars%2FOlympus`,
        owner,
      );
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(RESPONSES_MESSAGES.badTimeZone);
      const utc = await (await raw(`/forms/${form.formId}/responses/export?format=csv`, owner)).text();
      expect(utc).toContain('"Timestamp (UTC)"');
    });

    it('shows another owner nothing of it', async () => {
      expect((await api(`/forms/${form.formId}/responses`, intruder)).status).toBe(404);
      expect((await raw(`/forms/${form.formId}/responses/export?format=csv`, intruder)).status).toBe(404);
    });
  });

  it('has no Respondent column for a form without login', async () => {
    const open = await createPublicForm(t, owner);
    expect((await submit(t, open.formId, { response: { 'Full Name': 'Bo' } })).status).toBe(201);
    const res = await api(`/forms/${open.formId}/responses`, owner);
    expect(res.body.data.items[0].respondent).toBeNull();
    const csv = await (await raw(`/forms/${open.formId}/responses/export?format=csv`, owner)).text();
    expect(csv).not.toContain('Respondent');
  });

  it("reads 'no_sheet' (No sheet in exports) for a form with no Google Sheet, pending or marked failed", async () => {
    const noSheet = await createPublicForm(t, owner, { googleSheetsUrl: '' });
    const sent = await submit(t, noSheet.formId, { response: { 'Full Name': 'Cy' } });
    expect(sent.status).toBe(201);
    const first = await api(`/forms/${noSheet.formId}/responses`, owner);
    expect(first.body.data.items[0]).toMatchObject({ syncState: 'no_sheet', syncError: null });
    // What the sheet-sync worker stores for a form with no link.
    await t.database.db
      .updateTable('responses')
      .set({ sync_state: 'failed', last_error: 'The form has no Google Sheets link: add one, then retry.' })
      .where('form_id', '=', noSheet.id)
      .execute();
    const after = await api(`/forms/${noSheet.formId}/responses`, owner);
    expect(after.body.data.items[0]).toMatchObject({ syncState: 'no_sheet', syncError: null });
    const csv = await (await raw(`/forms/${noSheet.formId}/responses/export?format=csv`, owner)).text();
    expect(csv.split('\r\n')[1]).toMatch(/,"No sheet"$/);

    // A form with a sheet still reads Failed.
    const linked = await createPublicForm(t, owner);
    await submit(t, linked.formId, { response: { 'Full Name': 'Di' } });
    await t.database.db
      .updateTable('responses')
      .set({ sync_state: 'failed', last_error: 'Google refused the write' })
      .where('form_id', '=', linked.id)
      .execute();
    const failed = await api(`/forms/${linked.formId}/responses`, owner);
    expect(failed.body.data.items[0]).toMatchObject({
      syncState: 'failed',
      syncError: 'Google refused the write',
    });
  });
});
