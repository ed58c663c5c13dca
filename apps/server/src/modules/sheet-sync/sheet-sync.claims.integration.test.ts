import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { describeEachDialect } from '../../test/dialects.js';
import { createSheetSyncRepository } from './sheet-sync.repository.js';
import { createSyncTestDatabase, insertForm, insertResponse, insertUser } from './sheet-sync.test-support.js';

const WORKERS = 6;
const ROUNDS_PER_WORKER = 40;
const SPREADSHEETS = 3;

describeEachDialect('sheet sync claims', (dialect) => {
  let database: DatabaseHandle & { dataDir: string };

  beforeAll(async () => {
    database = await createSyncTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Spreadsheets where two workers hold live claims at once, as the database has them now. */
  async function sharedSpreadsheets(now: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom('responses')
      .innerJoin('forms', 'forms.id', 'responses.form_id')
      .select((eb) => ['forms.spreadsheet_id', eb.fn.count('responses.claimed_by').distinct().as('holders')])
      .where('responses.sync_state', '=', 'claimed')
      .where('responses.claimed_until', '>=', now)
      .groupBy('forms.spreadsheet_id')
      .execute();
    return rows.filter((row) => Number(row.holders) > 1).map((row) => String(row.spreadsheet_id));
  }

  it('takes at most its limit, however many responses are pending', async () => {
    const ownerId = await insertUser(database);
    // 4 spreadsheets, 50 pending each.
    for (let s = 0; s < 4; s++) {
      const form = await insertForm(database, ownerId, {
        spreadsheetId: `1ClaimLimitSpreadsheet${s}`,
        sheetName: 'Sheet1',
        fields: [],
      });
      for (let i = 0; i < 50; i++) await insertResponse(database, form.id, { n: String(i) });
    }
    const repo = createSheetSyncRepository(database.writeDb, dialect);
    const at = Date.now();
    const claimed = await repo.claim({
      now: new Date(at).toISOString(),
      leaseUntil: new Date(at + 60_000).toISOString(),
      workerId: 'limited',
      limit: 15,
    });
    // PostgreSQL may run an `IN (SELECT … LIMIT … SKIP LOCKED)` subquery more than once, each run
    // skipping the rows the last one just claimed: the claim then swallowed every pending response.
    expect(claimed).toHaveLength(15);
    const claimedHere = await database.db
      .selectFrom('responses')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('claimed_by', '=', 'limited')
      .where('sync_state', '=', 'claimed')
      .executeTakeFirstOrThrow();
    expect(Number(claimedHere.n)).toBe(15);
    await repo.release(
      claimed.map((r) => r.id),
      'limited',
    );
  });

  it('never lets two workers hold one spreadsheet at once, under many concurrent claims', async () => {
    const ownerId = await insertUser(database);
    // Two forms per spreadsheet: the rule is per spreadsheet, not per form.
    for (let s = 0; s < SPREADSHEETS; s++) {
      const spreadsheetId = `1ClaimRaceSpreadsheet${s}`;
      for (const sheetName of ['A', 'B']) {
        const form = await insertForm(database, ownerId, { spreadsheetId, sheetName, fields: [] });
        for (let i = 0; i < 20; i++) await insertResponse(database, form.id, { n: String(i) });
      }
    }
    const repo = createSheetSyncRepository(database.writeDb, dialect);
    const holders = new Map<string, string>();
    const overlaps: string[] = [];
    const claimsPerWorker = new Map<string, number>();
    let inFlight = 0;
    let mostInFlight = 0;

    async function work(workerId: string) {
      for (let round = 0; round < ROUNDS_PER_WORKER; round++) {
        const at = Date.now();
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        const claimed = await repo
          .claim({
            now: new Date(at).toISOString(),
            leaseUntil: new Date(at + 60_000).toISOString(),
            workerId,
            limit: 4,
          })
          .finally(() => inFlight--);
        const spreadsheets = [...new Set(claimed.map((r) => r.form.spreadsheetId ?? ''))];
        for (const spreadsheetId of spreadsheets) {
          const holder = holders.get(spreadsheetId);
          if (holder !== undefined) overlaps.push(`${spreadsheetId}: ${holder} and ${workerId}`);
          holders.set(spreadsheetId, workerId);
        }
        if (claimed.length > 0) claimsPerWorker.set(workerId, (claimsPerWorker.get(workerId) ?? 0) + 1);
        for (const shared of await sharedSpreadsheets(new Date(at).toISOString())) {
          overlaps.push(`${shared}: two holders in the database`);
        }
        // Hold the claim a moment, as a writer would, then give it back (forgotten here before the
        // database frees it, so a later holder is never mistaken for an overlap).
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
        for (const spreadsheetId of spreadsheets) {
          if (holders.get(spreadsheetId) === workerId) holders.delete(spreadsheetId);
        }
        await repo.release(
          claimed.map((r) => r.id),
          workerId,
        );
      }
    }

    const workerIds = Array.from({ length: WORKERS }, (_, i) => `claimer-${i}`);
    await Promise.all(workerIds.map(work));

    expect(overlaps).toEqual([]);
    // The race was real: claims overlapped in time, several workers won some, and spreadsheets changed
    // hands many times.
    expect(mostInFlight).toBeGreaterThan(1);
    expect(claimsPerWorker.size).toBeGreaterThan(1);
    const total = [...claimsPerWorker.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(WORKERS * SPREADSHEETS);
  });
});
