import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { GoogleApiError } from '../../google/google-api-error.js';
import { describeEachDialect } from '../../test/dialects.js';
import { createSheetSyncRepository } from './sheet-sync.repository.js';
import {
  createSyncTestDatabase,
  FAST,
  insertForm,
  insertResponse,
  insertUser,
  responseRows,
  type SyncEmulator,
  startSyncEmulator,
} from './sheet-sync.test-support.js';
import { createSheetSyncWorker, type SheetSyncWorkerOptions } from './sheet-sync.worker.js';

/**
 * Issue: the sheet binding. A form is bound to its tab by sheetId, so a rename in Google changes nothing;
 * a tab is created only when the bound one was deleted; rows Google puts outside the table stop the
 * form's sync with a reason; permanent refusals fail at the first answer and every error class ends.
 */
describeEachDialect('sheet binding', (dialect) => {
  let database: DatabaseHandle & { dataDir: string };
  let t: SyncEmulator;
  let ownerId: string;

  beforeAll(async () => {
    database = await createSyncTestDatabase(dialect);
    t = await startSyncEmulator(database.dataDir);
    ownerId = await insertUser(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  function worker(overrides: Partial<SheetSyncWorkerOptions> = {}) {
    return createSheetSyncWorker({
      db: database.db,
      dialect,
      sheets: t.sheets,
      shareWithEmail: t.serviceAccountEmail,
      ...FAST,
      ...overrides,
    });
  }

  async function formRow(id: string) {
    return database.db
      .selectFrom('forms')
      .select(['sheet_id', 'sheet_name', 'sync_paused_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  async function tabs(spreadsheetId: string) {
    return (await t.sheets.getSpreadsheet(spreadsheetId)).sheets.map((s) => ({
      id: s.sheetId,
      title: s.title,
    }));
  }

  it('keeps writing to a tab renamed in Google, by its sheetId, and shows the new title', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Responses', rows: [['Name', 'Timestamp', 'Response ID']] },
    ]);
    const [tab] = await tabs(spreadsheetId);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Responses',
      fields: [{ label: 'Name' }],
    });
    const w = worker();
    const first = await insertResponse(database, form.id, { Name: 'Ann' });
    await w.runOnce();
    // The first write bound the form to the tab's id.
    expect(await formRow(form.id)).toMatchObject({ sheet_name: 'Responses', sync_paused_reason: null });
    expect(Number((await formRow(form.id)).sheet_id)).toBe(tab?.id);

    await t.batchUpdate(spreadsheetId, [
      {
        updateSheetProperties: { properties: { sheetId: tab?.id, title: 'Sign-ups 2026' }, fields: 'title' },
      },
    ]);
    const second = await insertResponse(database, form.id, { Name: 'Bob' });
    expect(await w.runOnce()).toMatchObject({ synced: 1, failed: 0, retried: 0 });
    expect(await tabs(spreadsheetId)).toEqual([{ id: tab?.id, title: 'Sign-ups 2026' }]);
    expect((await t.sheetValues(spreadsheetId, 'Sign-ups 2026')).map((row) => row[2])).toEqual([
      'Response ID',
      first,
      second,
    ]);
    expect((await formRow(form.id)).sheet_name).toBe('Sign-ups 2026');
  });

  it('creates a tab only when the bound one was deleted, and binds the form to the new one', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Keep', rows: [['Other data']] },
      { title: 'Responses', rows: [['Name', 'Timestamp', 'Response ID']] },
    ]);
    const bound = (await tabs(spreadsheetId))[1];
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Responses',
      sheetId: bound?.id,
      fields: [{ label: 'Name' }],
    });
    await t.batchUpdate(spreadsheetId, [{ deleteSheet: { sheetId: bound?.id } }]);
    const id = await insertResponse(database, form.id, { Name: 'Ann' });
    expect(await worker().runOnce()).toMatchObject({ synced: 1 });
    const after = await tabs(spreadsheetId);
    expect(after.map((tab) => tab.title)).toEqual(['Keep', 'Responses']);
    expect(after[1]?.id).not.toBe(bound?.id);
    expect(Number((await formRow(form.id)).sheet_id)).toBe(after[1]?.id);
    expect(await t.sheetValues(spreadsheetId, 'Responses')).toEqual([
      ['Name', 'Timestamp', 'Response ID'],
      ['Ann', expect.any(String), id],
    ]);
  });

  it("writes into a localized first sheet ('Hoja 1') without creating another tab", async () => {
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Hoja 1', rows: [['Nombre']] }]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: '',
      fields: [{ label: 'Nombre' }],
    });
    await insertResponse(database, form.id, { Nombre: 'Ana' });
    expect(await worker().runOnce()).toMatchObject({ synced: 1 });
    expect((await tabs(spreadsheetId)).map((tab) => tab.title)).toEqual(['Hoja 1']);
    expect((await t.sheetValues(spreadsheetId, 'Hoja 1'))[1]?.[0]).toBe('Ana');
  });

  it('duplicate and blank headers: each field writes to the column it was made from', async () => {
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Data', rows: [['Name', '', 'Name']] }]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Data',
      fields: [
        { label: 'Name', name: 'Name', column: 0 },
        { label: 'Column 2', name: 'Column 2', column: 1 },
        { label: 'Partner name', name: 'Name', column: 2 },
      ],
    });
    await insertResponse(database, form.id, { Name: 'Ann', 'Column 2': 'blue', 'Partner name': 'Bob' });
    expect(await worker().runOnce()).toMatchObject({ synced: 1 });
    const values = await t.sheetValues(spreadsheetId, 'Data');
    expect(values[0]).toEqual(['Name', 'Column 2', 'Name', 'Timestamp', 'Response ID']);
    expect(values[1]?.slice(0, 3)).toEqual(['Ann', 'blue', 'Bob']);
  });

  it('rows Google puts above the header stop the form with a reason; Retry after the fix resumes it', async () => {
    // A blank A1: Google's table detection finds no table at A1 and inserts the rows at the top.
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Data', rows: [['', 'Name', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Data',
      fields: [{ label: 'Name' }],
    });
    const w = worker();
    const first = await insertResponse(database, form.id, { Name: 'Ann' });
    expect(await w.runOnce()).toMatchObject({ synced: 1 });
    const paused = (await formRow(form.id)).sync_paused_reason;
    expect(paused).toMatch(
      /^Google put the last row at '?Data'?!A1:D1 instead of under the header row of "Data"\./,
    );
    expect(paused).toContain('then retry the failed responses.');

    // The next response is not written where the first went: it waits, failed, with the same reason.
    const second = await insertResponse(database, form.id, { Name: 'Bob' });
    expect(await w.runOnce()).toMatchObject({ synced: 0, failed: 1 });
    const [state] = await responseRows(database, [second]);
    expect(state).toMatchObject({ sync_state: 'failed', last_error: paused });
    expect((await responseRows(database, [first]))[0]?.sync_state).toBe('synced');

    // The owner fixes the sheet (a header cell in A1, the row moved under the header) and retries.
    const misplacedRow = (await t.sheetValues(spreadsheetId, 'Data'))[0] ?? [];
    expect(misplacedRow.slice(1, 2).concat(misplacedRow.slice(3))).toEqual(['Ann', first]);
    await t.sheets.updateValues(spreadsheetId, "'Data'!A1:D2", [
      ['#', 'Name', 'Timestamp', 'Response ID'],
      ['1', 'Ann', misplacedRow[2] ?? '', first],
    ]);
    const formId = (
      await database.db
        .selectFrom('forms')
        .select('form_id')
        .where('id', '=', form.id)
        .executeTakeFirstOrThrow()
    ).form_id;
    expect(
      await createSheetSyncRepository(database.db, dialect).requeueFailedOfOwnedForm(ownerId, formId),
    ).toBe(1);
    expect((await formRow(form.id)).sync_paused_reason).toBeNull();
    expect(await w.runOnce()).toMatchObject({ synced: 1 });
    expect((await t.sheetValues(spreadsheetId, 'Data')).map((row) => row[3])).toEqual([
      'Response ID',
      first,
      second,
    ]);
  });

  it('fails a write Google refuses for good at its first answer, in words (the 10-million-cell limit)', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Data', rows: [['Name', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Data',
      fields: [{ label: 'Name' }],
    });
    const refusing = {
      ...t.sheets,
      async appendValues(): Promise<never> {
        throw new GoogleApiError(
          'INVALID_REQUEST',
          'This action would increase the number of cells in the workbook above the limit of 10000000 cells.',
          400,
          'INVALID_ARGUMENT',
        );
      },
    };
    const id = await insertResponse(database, form.id, { Name: 'Ann' });
    expect(await worker({ sheets: refusing }).runOnce()).toMatchObject({ failed: 1, retried: 0 });
    expect((await responseRows(database, [id]))[0]).toMatchObject({
      sync_state: 'failed',
      attempts: 1,
      last_error:
        "The spreadsheet has reached Google's limit of 10 million cells. Delete unused rows, columns or sheets, or link the form to another spreadsheet, then retry the failed responses.",
    });
  });

  it('a protected range is a refusal of the write, not a sharing problem', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Data', rows: [['Name', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Data',
      fields: [{ label: 'Name' }],
    });
    // What Google answers through the client for an append into a protected range.
    const protectedSheets = {
      ...t.sheets,
      async appendValues(): Promise<never> {
        throw new GoogleApiError(
          'INVALID_REQUEST',
          'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.',
          400,
          'INVALID_ARGUMENT',
        );
      },
    };
    const id = await insertResponse(database, form.id, { Name: 'Ann' });
    await worker({ sheets: protectedSheets }).runOnce();
    const [row] = await responseRows(database, [id]);
    expect(row?.sync_state).toBe('failed');
    expect(row?.last_error).toMatch(/^A protected range or sheet stops SheetForms from writing\./);
  });

  it('every error class ends: Google down for good fails the response after the last try, for a check first', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Data', rows: [['Name', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Data',
      fields: [{ label: 'Name' }],
    });
    const down = {
      ...t.sheets,
      async appendValues(): Promise<never> {
        throw new GoogleApiError('UNAVAILABLE', 'Google answered 503', 503, 'UNAVAILABLE');
      },
    };
    const id = await insertResponse(database, form.id, { Name: 'Ann' });
    const w = worker({ sheets: down, maxAttempts: 3 });
    for (let round = 0; round < 40; round++) {
      await w.runOnce();
      if ((await responseRows(database, [id]))[0]?.sync_state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const [row] = await responseRows(database, [id]);
    expect(row).toMatchObject({ sync_state: 'failed', attempts: 3, dedupe_required: 1 });
    expect(row?.last_error).toBe(
      'Google kept failing after 3 tries: Google answered 503. Retry the failed responses when Google Sheets answers again.',
    );
  });
});
