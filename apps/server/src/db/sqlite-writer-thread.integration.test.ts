import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { insertForm, insertUser } from '../modules/sheet-sync/sheet-sync.test-support.js';
import { createTestDatabase } from '../test/dialects.js';
import { migrateToLatest } from './database.js';
import { SqliteWriterError } from './sqlite-writer-thread.js';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

describe('SQLite writer thread (DatabaseHandle.writeDb)', () => {
  const opened: Handle[] = [];
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
  });

  async function database() {
    const handle = await createTestDatabase('sqlite');
    opened.push(handle);
    await migrateToLatest(handle.db);
    expect(handle.writeDb).not.toBe(handle.db);
    return handle;
  }

  async function formOf(handle: Handle) {
    const ownerId = await insertUser(handle);
    return (
      await insertForm(handle, ownerId, { spreadsheetId: null, sheetName: '', fields: [{ label: 'A' }] })
    ).id;
  }

  function insertResponse(handle: Handle, formRowId: string, key: string) {
    return handle.writeDb
      .insertInto('responses')
      .values({
        id: randomUUID(),
        form_id: formRowId,
        answers_json: '{}',
        signature_url: null,
        respondent_id: null,
        respondent_email: null,
        consent: null,
        idempotency_key: key,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['form_id', 'idempotency_key']).doNothing())
      .returning('id');
  }

  const storedIds = async (handle: Handle, formRowId: string) =>
    (await handle.db.selectFrom('responses').select('id').where('form_id', '=', formRowId).execute()).map(
      (r) => r.id,
    );

  it('commits on its own connection, and the main connection reads the rows once it answered', async () => {
    const handle = await database();
    const formRowId = await formOf(handle);
    const rows = await insertResponse(handle, formRowId, 'key-00000001').execute();
    expect(rows).toHaveLength(1);
    expect(await storedIds(handle, formRowId)).toEqual([rows[0]?.id]);
    // ON CONFLICT DO NOTHING: the same key again inserts nothing and answers no row.
    expect(await insertResponse(handle, formRowId, 'key-00000001').execute()).toEqual([]);
    // An UPDATE answers how many rows it changed, as on the main connection.
    const updated = await handle.writeDb
      .updateTable('responses')
      .set({ sync_state: 'failed' })
      .where('form_id', '=', formRowId)
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
  });

  it("rejects a failing statement with SQLite's code, and keeps working", async () => {
    const handle = await database();
    const error = await insertResponse(handle, 'no-such-form', 'key-00000002')
      .execute()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SqliteWriterError);
    expect((error as SqliteWriterError).code).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
    const formRowId = await formOf(handle);
    expect(await insertResponse(handle, formRowId, 'key-00000003').execute()).toHaveLength(1);
  });

  it('refuses transactions, which would hold the write lock while the main thread works', async () => {
    const handle = await database();
    const formRowId = await formOf(handle);
    await expect(
      handle.writeDb
        .transaction()
        .execute(async () => insertResponse(handle, formRowId, 'key-trx-1').execute()),
    ).rejects.toThrow('transactions are not supported on the SQLite writer thread');
    expect(await storedIds(handle, formRowId)).toEqual([]);
    // The connection is free again.
    expect(await insertResponse(handle, formRowId, 'key-after-trx').execute()).toHaveLength(1);
  });

  it('refuses writes once the database is closed, even if the thread never started', async () => {
    const handle = await database();
    const formRowId = await formOf(handle);
    opened.splice(opened.indexOf(handle), 1);
    await handle.close();
    await expect(insertResponse(handle, formRowId, 'key-late-1').execute()).rejects.toThrow();
  });
});
