import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/dialects.js';
import { MAIN_THREAD_PAGE_CACHE_KIB } from './database.js';

describe("the SQLite connections' page caches", () => {
  it("are SQLite's own 2 MB on the main thread (reads, transactions); the writer thread keeps 16 MB", async () => {
    const handle = await createTestDatabase('sqlite');
    try {
      // A SELECT reads on the main thread's connection; a PRAGMA statement goes to the writer thread.
      const onMainThread = sql<{ cache_size: number }>`SELECT cache_size FROM pragma_cache_size()`;
      const read = await onMainThread.execute(handle.db);
      const inTransaction = await handle.db.transaction().execute((trx) => onMainThread.execute(trx));
      const onWriter = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(handle.db);
      expect(MAIN_THREAD_PAGE_CACHE_KIB).toBe(2000);
      expect(read.rows).toEqual([{ cache_size: -2000 }]);
      expect(inTransaction.rows).toEqual([{ cache_size: -2000 }]);
      expect(onWriter.rows).toEqual([{ cache_size: -16000 }]);
    } finally {
      await handle.close();
    }
  });
});
