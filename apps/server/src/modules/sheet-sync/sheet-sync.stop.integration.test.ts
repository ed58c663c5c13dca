import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { describeEachDialect } from '../../test/dialects.js';
import { createSheetSyncRepository } from './sheet-sync.repository.js';
import {
  createSyncTestDatabase,
  insertForm,
  insertResponse,
  insertUser,
  responseRows,
} from './sheet-sync.test-support.js';
import { createSheetSyncWorker } from './sheet-sync.worker.js';

const silent = { info() {}, warn() {}, error() {} };

describeEachDialect('sheet sync worker stop', (dialect) => {
  let database: DatabaseHandle & { dataDir: string };

  beforeAll(async () => {
    database = await createSyncTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gives back the claims it still holds, for a Response ID check, and leaves other workers' claims", async () => {
    const ownerId = await insertUser(database);
    const form = await insertForm(database, ownerId, {
      spreadsheetId: '1StopReleaseSpreadsheet',
      sheetName: 'Sheet1',
      fields: [],
    });
    const otherForm = await insertForm(database, ownerId, {
      spreadsheetId: '1StopReleaseOtherSpreadsheet',
      sheetName: 'Sheet1',
      fields: [],
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await insertResponse(database, form.id, { n: String(i) }));

    const worker = createSheetSyncWorker({
      db: database.writeDb,
      dialect,
      sheets: {} as never,
      log: silent,
      workerId: 'stopping-worker',
    });
    const repo = createSheetSyncRepository(database.writeDb, dialect);
    const at = Date.now();
    const claim = (workerId: string, limit: number) =>
      repo.claim({
        now: new Date(at).toISOString(),
        leaseUntil: new Date(at + 60_000).toISOString(),
        workerId,
        limit,
      });
    // As a round that failed half-way leaves them: claimed by this worker, never settled.
    const mine = await claim('stopping-worker', 3);
    expect(mine).toHaveLength(3);
    // Another instance's live claim (another spreadsheet's: one worker claims a spreadsheet at a time).
    const theirs = await insertResponse(database, otherForm.id, { n: 'other' });
    ids.push(theirs);
    await database.db
      .updateTable('responses')
      .set({
        sync_state: 'claimed',
        claimed_by: 'other-worker',
        claimed_until: new Date(at + 60_000).toISOString(),
      })
      .where('id', '=', theirs)
      .execute();

    await worker.stop();

    const rows = new Map((await responseRows(database, ids)).map((row) => [row.id, row]));
    for (const response of mine) {
      expect(rows.get(response.id)).toMatchObject({ sync_state: 'pending', dedupe_required: 1 });
    }
    expect(rows.get(theirs)?.sync_state).toBe('claimed');
    expect(await repo.releaseAllOf('stopping-worker')).toBe(0);
  });
});
