import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { createServiceAccountTokens } from '../../google/service-account.js';
import { describeEachDialect } from '../../test/dialects.js';
import {
  createSyncTestDatabase,
  FAST,
  insertForm,
  insertResponse,
  insertUser,
  type SyncEmulator,
  startSyncEmulator,
} from './sheet-sync.test-support.js';
import { createSheetSyncWorker } from './sheet-sync.worker.js';

/** The form's fields with their types (issue 21), in form order. */
const FIELDS = [
  { id: 'f1', label: 'Name', type: 'text' },
  { id: 'f2', label: 'Seats', type: 'number' },
  { id: 'f3', label: 'Agree', type: 'checkbox' },
  { id: 'f4', label: 'Topics', type: 'checkboxes', options: ['Design', 'Code', 'Ops'] },
  { id: 'f5', label: 'Plan', type: 'dropdown', options: ['Free', 'Pro'] },
  { id: 'f6', label: 'Day', type: 'date' },
  { id: 'f7', label: 'Phone', type: 'tel' },
];

describeEachDialect('sheet sync: typed cells', (dialect) => {
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

  /** The sheet's cells as Google stores them (UNFORMATTED_VALUE): numbers and booleans keep their type. */
  async function unformatted(spreadsheetId: string, title: string): Promise<unknown[][]> {
    const tokens = createServiceAccountTokens({
      source: { file: t.emulator.serviceAccountKeyPath },
      timeoutMs: 5_000,
    });
    const url = `${t.emulator.url}/v4/spreadsheets/${spreadsheetId}/values/${encodeURIComponent(title)}?valueRenderOption=UNFORMATTED_VALUE`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${await tokens.getAccessToken()}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { values: unknown[][] }).values;
  }

  it('writes a number as a number, a checkbox as TRUE/FALSE, checkboxes as one "A, B" text, the rest as text', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Responses', rows: [['Name', 'Seats', 'Agree', 'Topics', 'Plan', 'Day', 'Phone']] },
    ]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Responses', fields: [] });
    await database.db
      .updateTable('forms')
      .set({
        fields_json: JSON.stringify(
          FIELDS.map((f) => ({ required: false, placeHolder: '', isRemoved: false, ...f })),
        ),
      })
      .where('id', '=', form.id)
      .execute();
    // As the submission service stores them: strings keyed by label.
    const yes = await insertResponse(database, form.id, {
      Name: 'Ada',
      Seats: '12',
      Agree: 'Yes',
      Topics: 'Design, Ops',
      Plan: 'Pro',
      Day: '2026-03-07',
      Phone: '0012 345',
    });
    // An answer of a field the form no longer has stays text, even when it looks like a number.
    const no = await insertResponse(database, form.id, { Name: 'Bo', Seats: '2.5', Agree: 'No', Gone: '42' });

    const worker = createSheetSyncWorker({
      db: database.db,
      dialect,
      sheets: t.sheets,
      shareWithEmail: t.serviceAccountEmail,
      ...FAST,
    });
    expect(await worker.runOnce()).toMatchObject({ synced: 2, failed: 0 });

    const rows = await unformatted(spreadsheetId, 'Responses');
    expect(rows[0]).toEqual([
      'Name',
      'Seats',
      'Agree',
      'Topics',
      'Plan',
      'Day',
      'Phone',
      'Gone',
      'Timestamp',
      'Response ID',
    ]);
    expect(rows[1]?.slice(0, 7)).toEqual(['Ada', 12, true, 'Design, Ops', 'Pro', '2026-03-07', '0012 345']);
    expect(rows[1]?.[9]).toBe(yes);
    expect(rows[2]?.slice(0, 8)).toEqual(['Bo', 2.5, false, '', '', '', '', '42']);
    expect(rows[2]?.[9]).toBe(no);
  });

  it('a field added to the form becomes a new header cell at the end; existing columns never shift', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      {
        title: 'Responses',
        rows: [
          ['Seats', 'Name', 'Timestamp', 'Response ID'],
          ['1', 'Old', 'x', 'old-id'],
        ],
      },
    ]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Responses', fields: [] });
    // The editor's order (Name, Rating, Seats) differs from the sheet's, and Rating is new.
    const fields = [
      { id: 'a', label: 'Name', type: 'text' },
      { id: 'n', label: 'Rating', type: 'number' },
      { id: 'b', label: 'Seats', type: 'number' },
    ];
    await database.db
      .updateTable('forms')
      .set({
        fields_json: JSON.stringify(
          fields.map((f) => ({ required: false, placeHolder: '', isRemoved: false, ...f })),
        ),
      })
      .where('id', '=', form.id)
      .execute();
    const id = await insertResponse(database, form.id, { Name: 'New', Rating: '5', Seats: '3' });
    const worker = createSheetSyncWorker({
      db: database.db,
      dialect,
      sheets: t.sheets,
      shareWithEmail: t.serviceAccountEmail,
      ...FAST,
    });
    expect(await worker.runOnce()).toMatchObject({ synced: 1 });
    const rows = await unformatted(spreadsheetId, 'Responses');
    expect(rows[0]).toEqual(['Seats', 'Name', 'Timestamp', 'Response ID', 'Rating']);
    expect(rows[1]).toEqual(['1', 'Old', 'x', 'old-id']);
    expect([rows[2]?.[0], rows[2]?.[1], rows[2]?.[3], rows[2]?.[4]]).toEqual([3, 'New', id, 5]);
  });
});
