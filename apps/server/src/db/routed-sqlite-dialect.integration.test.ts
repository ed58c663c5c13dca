import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { RoutedSqliteDialect } from './routed-sqlite-dialect.js';
import { type SqliteWriterThread, startSqliteWriterThread } from './sqlite-writer-thread.js';

interface Notes {
  notes: { id: number; text: string };
}

describe('SQLite routed by statement: reads on the main thread, writes on the writer thread', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A file database whose writer thread records each statement it is given. */
  async function routed() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-routed-'));
    const file = path.join(dir, 'db.sqlite');
    const thread = startSqliteWriterThread(file);
    const onThread: string[] = [];
    const writer: SqliteWriterThread = {
      execute(query) {
        onThread.push(query.sql);
        return thread.execute(query);
      },
      executeBatch: (statement, rows) => thread.executeBatch(statement, rows),
      close: () => thread.close(),
      isRunning: () => thread.isRunning(),
    };
    const open = () => {
      const connection = new SqliteDatabase(file);
      connection.pragma('journal_mode = WAL');
      return connection;
    };
    const db = new Kysely<Notes>({
      dialect: new RoutedSqliteDialect({ reads: open(), transactions: open(), writer }),
    });
    cleanups.push(async () => {
      await db.destroy();
      await thread.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('text', 'text')
      .execute();
    return { db, onThread };
  }

  it('commits inserts, updates, deletes and DDL on the thread; selects and raw SELECTs read on the main thread', async () => {
    const { db, onThread } = await routed();
    const inserted = await db
      .insertInto('notes')
      .values({ id: 1, text: 'a' })
      .returning('id')
      .executeTakeFirst();
    expect(inserted).toEqual({ id: 1 });
    const updated = await db.updateTable('notes').set({ text: 'b' }).where('id', '=', 1).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    await db.insertInto('notes').values({ id: 2, text: 'c' }).execute();
    await db.deleteFrom('notes').where('id', '=', 2).execute();
    const writes = onThread.length;
    expect(onThread.map((statement) => statement.split(' ')[0]?.toLowerCase())).toEqual([
      'create',
      'insert',
      'update',
      'insert',
      'delete',
    ]);

    // Each read sees every write whose promise settled.
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, text: 'b' }]);
    const { rows } = await sql<{ count: number }>`select count(*) as count from notes`.execute(db);
    expect(rows).toEqual([{ count: 1 }]);
    expect(onThread).toHaveLength(writes);
  });

  it('runs a transaction on one main-thread connection: rolled back as a whole, and invisible to reads until it commits', async () => {
    const { db, onThread } = await routed();
    const before = onThread.length;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 1, text: 'lost' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);

    let seenDuring: unknown;
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 2, text: 'kept' }).execute();
      expect(await trx.selectFrom('notes').select('text').execute()).toEqual([{ text: 'kept' }]);
      // A plain read meanwhile is not inside this transaction.
      seenDuring = await db.selectFrom('notes').selectAll().execute();
    });
    expect(seenDuring).toEqual([]);
    expect(await db.selectFrom('notes').select('text').execute()).toEqual([{ text: 'kept' }]);
    expect(onThread).toHaveLength(before);
  });

  it('answers reads while writes wait for the thread, and commits plain writes in their order', async () => {
    const { db } = await routed();
    const settled: string[] = [];
    const writes = Array.from({ length: 50 }, (_, i) =>
      db
        .insertInto('notes')
        .values({ id: i + 1, text: `n${i + 1}` })
        .execute()
        .then(() => settled.push(`write ${i + 1}`)),
    );
    // On one connection the read would queue behind fifty commits; here it does not wait for them.
    const read = db
      .selectFrom('notes')
      .selectAll()
      .execute()
      .then(() => settled.push('read'));
    await Promise.all([...writes, read]);
    expect(settled.indexOf('read')).toBeLessThan(settled.indexOf('write 50'));
    expect(settled.filter((entry) => entry !== 'read')).toEqual(writes.map((_, i) => `write ${i + 1}`));
    await db.updateTable('notes').set({ text: 'last' }).execute();
    expect(await db.selectFrom('notes').select('text').distinct().execute()).toEqual([{ text: 'last' }]);
  });

  it("reports a broken constraint with SQLite's code, as the main connection did", async () => {
    const { db } = await routed();
    await db.insertInto('notes').values({ id: 1, text: 'a' }).execute();
    await expect(db.insertInto('notes').values({ id: 1, text: 'again' }).execute()).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
  });
});
