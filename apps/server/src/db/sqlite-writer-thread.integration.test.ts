import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { insertForm, insertUser } from '../modules/sheet-sync/sheet-sync.test-support.js';
import { createTestDatabase } from '../test/dialects.js';
import { migrateToLatest } from './database.js';
import { SqliteWriterError } from './sqlite-writer-thread.js';

describe('SQLite writer thread', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
  });

  async function database() {
    const handle = await createTestDatabase('sqlite');
    opened.push(handle);
    await migrateToLatest(handle.db);
    if (!handle.writer) throw new Error('a SQLite file database has a writer thread');
    return { ...handle, writer: handle.writer };
  }

  async function insertOwnerAndForm(handle: Awaited<ReturnType<typeof database>>) {
    const ownerId = await insertUser(handle);
    const form = await insertForm(handle, ownerId, {
      spreadsheetId: null,
      sheetName: '',
      fields: [{ label: 'A' }],
    });
    return form.id;
  }

  function insertResponse(handle: Awaited<ReturnType<typeof database>>, formRowId: string, key: string) {
    return handle.db
      .insertInto('responses')
      .values({
        id: randomUUID(),
        form_id: formRowId,
        answers_json: '{}',
        signature_url: null,
        respondent_id: null,
        consent: null,
        idempotency_key: key,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.columns(['form_id', 'idempotency_key']).doNothing())
      .returning('id');
  }

  it('commits on its own connection, and the main connection reads the rows once it answered', async () => {
    const handle = await database();
    const formRowId = await insertOwnerAndForm(handle);
    const rows = await handle.writer.execute<{ id: string }>(
      insertResponse(handle, formRowId, 'key-00000001').compile(),
    );
    expect(rows).toHaveLength(1);
    const stored = await handle.db
      .selectFrom('responses')
      .select('id')
      .where('form_id', '=', formRowId)
      .execute();
    expect(stored.map((r) => r.id)).toEqual([rows[0]?.id]);
    // ON CONFLICT DO NOTHING: the same key again inserts nothing and answers no row.
    expect(await handle.writer.execute(insertResponse(handle, formRowId, 'key-00000001').compile())).toEqual(
      [],
    );
  });

  it("rejects a failing statement with SQLite's code, and keeps working", async () => {
    const handle = await database();
    const error = await handle.writer
      .execute(insertResponse(handle, 'no-such-form', 'key-00000002').compile())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SqliteWriterError);
    expect((error as SqliteWriterError).code).toBe('SQLITE_CONSTRAINT_FOREIGNKEY');
    const formRowId = await insertOwnerAndForm(handle);
    expect(
      await handle.writer.execute(insertResponse(handle, formRowId, 'key-00000003').compile()),
    ).toHaveLength(1);
  });

  it('close waits for the statements already sent, then refuses new ones', async () => {
    const handle = await database();
    const formRowId = await insertOwnerAndForm(handle);
    const writes = Array.from({ length: 20 }, (_, i) =>
      handle.writer.execute(insertResponse(handle, formRowId, `key-close-${i}`).compile()),
    );
    await handle.writer.close();
    expect((await Promise.all(writes)).every((rows) => rows.length === 1)).toBe(true);
    await expect(
      handle.writer.execute(insertResponse(handle, formRowId, 'key-late-1').compile()),
    ).rejects.toThrow('the SQLite writer thread has stopped');
  });
});
