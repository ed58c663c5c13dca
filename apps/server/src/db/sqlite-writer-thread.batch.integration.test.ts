import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { insertForm, insertUser } from '../modules/sheet-sync/sheet-sync.test-support.js';
import { createTestDatabase } from '../test/dialects.js';
import { migrateToLatest } from './database.js';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;

const INSERT = `INSERT INTO responses (id, form_id, answers_json, idempotency_key, created_at) VALUES (?, ?, '{}', ?, ?)
ON CONFLICT (form_id, idempotency_key) DO NOTHING`;

describe('SQLite writer thread: executeBatch', () => {
  const opened: Handle[] = [];
  afterEach(async () => {
    for (const handle of opened.splice(0)) await handle.close();
  });

  async function setup() {
    const handle = await createTestDatabase('sqlite');
    opened.push(handle);
    await migrateToLatest(handle.db);
    const ownerId = await insertUser(handle);
    const form = await insertForm(handle, ownerId, {
      spreadsheetId: null,
      sheetName: '',
      fields: [{ label: 'A' }],
    });
    const writer = handle.sqliteWriter;
    if (!writer) throw new Error('a SQLite file has a writer thread');
    return { handle, writer, formRowId: form.id };
  }

  it('runs every row in one transaction: skipped repeats answer 0, a bad row fails alone', async () => {
    const { handle, writer, formRowId } = await setup();
    const at = new Date().toISOString();
    const outcomes = await writer.executeBatch(INSERT, [
      [randomUUID(), formRowId, 'key-1', at],
      [randomUUID(), formRowId, 'key-1', at], // repeats the first row's key
      [randomUUID(), 'no-such-form', 'key-2', at], // breaks the foreign key
      [randomUUID(), formRowId, 'key-3', at],
    ]);
    expect(outcomes.slice(0, 2)).toEqual([{ changes: 1 }, { changes: 0 }]);
    expect(outcomes[2]).toMatchObject({ error: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' } });
    expect(outcomes[3]).toEqual({ changes: 1 });
    const keys = await handle.db
      .selectFrom('responses')
      .select('idempotency_key')
      .orderBy('idempotency_key')
      .execute();
    expect(keys.map((row) => row.idempotency_key)).toEqual(['key-1', 'key-3']);
  });

  it('rolls the whole batch back and rejects on an error that is not a constraint', async () => {
    const { handle, writer, formRowId } = await setup();
    const at = new Date().toISOString();
    // Too few parameters for the statement: the batch fails as a whole, nothing of it is stored.
    await expect(
      writer.executeBatch(INSERT, [
        [randomUUID(), formRowId, 'key-1', at],
        [randomUUID(), formRowId],
      ]),
    ).rejects.toThrow();
    expect(await handle.db.selectFrom('responses').select('id').execute()).toEqual([]);
    expect(await writer.executeBatch(INSERT, [])).toEqual([]);
  });
});
