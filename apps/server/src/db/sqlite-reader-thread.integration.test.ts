import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createResponsePagesRepository } from '../modules/responses/response-pages.repository.js';
import { insertForm, insertResponse, insertUser } from '../modules/sheet-sync/sheet-sync.test-support.js';
import { createTestDatabase } from '../test/dialects.js';
import { migrateToLatest } from './database.js';
import type { Database } from './schema.js';
import { startSqliteReaderThread, startSqliteWriterThread } from './sqlite-writer-thread.js';
import { ThreadSqliteDialect } from './thread-sqlite-dialect.js';

/**
 * Reads whose cost grows with a form's responses run on a read-only thread (DatabaseHandle.scanDb), never
 * on the main thread: a review measured 0.7 s for one search of 100,000 responses, and on the main thread
 * nothing else was answered meanwhile.
 */
describe('SQLite reader thread (DatabaseHandle.scanDb)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function database() {
    const handle = await createTestDatabase('sqlite');
    cleanups.push(() => handle.close());
    await migrateToLatest(handle.db);
    return handle;
  }

  /** The statements a Kysely sends, recorded by kind: which connection ran a query. */
  function recording(db: Kysely<Database>) {
    const seen: string[] = [];
    const recorded = db.withPlugin({
      transformQuery: (args) => {
        seen.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db: recorded, seen };
  }

  it('answers a search, its count, the export labels and the respondent check on the reader', async () => {
    const handle = await database();
    expect(handle.scanDb).toBeDefined();
    const ownerId = await insertUser(handle);
    const form = await insertForm(handle, ownerId, { spreadsheetId: null, sheetName: '', fields: [] });
    await insertResponse(handle, form.id, { Name: 'Ada' });
    await insertResponse(handle, form.id, { Name: 'Grace', City: 'Arlington' });
    const main = recording(handle.db);
    const scan = recording(handle.scanDb as Kysely<Database>);
    const pages = createResponsePagesRepository(main.db, 'sqlite', scan.db);

    expect((await pages.page(ownerId, form.id, { q: 'grace' }, undefined, 10)).length).toBe(1);
    expect(await pages.count(ownerId, form.id, { q: 'grace' })).toBe(1);
    expect(await pages.count(ownerId, form.id, {})).toBe(2);
    expect(await pages.answerLabels(ownerId, form.id, {})).toEqual(['City', 'Name']);
    expect(await pages.hasRespondent(ownerId, form.id, {})).toBe(false);
    expect(main.seen).toEqual([]);
    expect(scan.seen).toHaveLength(5);

    // A plain page reads `limit` rows through the index: it stays on the main thread.
    expect((await pages.page(ownerId, form.id, {}, undefined, 10)).length).toBe(2);
    expect(main.seen).toHaveLength(1);
  });

  it('reads every committed write, refuses writes, and ends when idle without a reported error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-reader-'));
    const file = path.join(dir, 'reader.sqlite');
    const errors: Error[] = [];
    const writer = startSqliteWriterThread(file, (error) => errors.push(error));
    const writeDb = new Kysely<Database>({ dialect: new ThreadSqliteDialect(writer) });
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    cleanups.push(async () => {
      await writeDb.destroy();
      await writer.close();
    });
    await sql`create table notes (id text primary key)`.execute(writeDb);
    const reader = startSqliteWriterThread(file, (error) => errors.push(error), {
      readonly: true,
      idleMs: 50,
    });
    const scanDb = new Kysely<Database>({ dialect: new ThreadSqliteDialect(reader) });
    cleanups.push(async () => {
      await scanDb.destroy();
      await reader.close();
    });
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(scanDb)).rows[0]?.n);

    await sql`insert into notes (id) values (${randomUUID()})`.execute(writeDb);
    expect(await count()).toBe(1);
    await expect(sql`insert into notes (id) values ('x')`.execute(scanDb)).rejects.toThrow(/readonly/i);

    // Idle past its limit: the thread ends quietly, and the next read starts another that sees new rows.
    expect(reader.isRunning()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reader.isRunning()).toBe(false);
    await sql`insert into notes (id) values (${randomUUID()})`.execute(writeDb);
    expect(await count()).toBe(2);
    expect(reader.isRunning()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('is the reader the server opens on a SQLite file: one thread, started on the first read', () => {
    // startSqliteReaderThread is what openDatabase uses; it starts nothing until asked.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-reader-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const reader = startSqliteReaderThread(path.join(dir, 'unused.sqlite'));
    cleanups.push(() => reader.close());
    expect(reader.isRunning()).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
