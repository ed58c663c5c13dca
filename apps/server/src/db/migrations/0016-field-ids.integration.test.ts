import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { type DatabaseHandle, migrateToLatest } from '../database.js';
import { fieldsWithIds } from './0016-field-ids.js';
import { migrationProvider } from './index.js';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

/** A database migrated up to, not including, 0016. */
async function databaseBefore0016(dialect: 'sqlite' | 'postgres') {
  const database = await createTestDatabase(dialect);
  opened.push(database);
  const all = await migrationProvider.getMigrations();
  const migrator = new Migrator({ db: database.db, provider: migrationProvider });
  const before = Object.keys(all)
    .sort()
    .filter((name) => name < '0016');
  const { error } = await migrator.migrateTo(before.at(-1) as string);
  if (error) throw error;
  return database;
}

async function insertForm(database: DatabaseHandle, fields: unknown): Promise<string> {
  const at = new Date().toISOString();
  const ownerId = randomUUID();
  await database.db
    .insertInto('users')
    .values({
      id: ownerId,
      google_sub: null,
      email: `${ownerId}@example.org`,
      name: 'O',
      role: 'User',
      created_at: at,
      updated_at: at,
    })
    .execute();
  const id = randomUUID();
  await database.db
    .insertInto('forms')
    .values({
      id,
      form_id: id.slice(0, 12),
      owner_id: ownerId,
      name: 'Old form',
      description: '',
      google_sheets_url: '',
      spreadsheet_id: null,
      sheet_name: '',
      fields_json: typeof fields === 'string' ? fields : JSON.stringify(fields),
      settings_json: '{}',
      status: 'Active',
      due_date: '2025-01-01',
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

async function storedFields(database: DatabaseHandle, id: string): Promise<string> {
  const row = await database.db
    .selectFrom('forms')
    .select('fields_json')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.fields_json;
}

describeEachDialect('migration 0016: field ids', (dialect) => {
  it('gives every field of every existing form an id, keeps ids already there, leaves unreadable rows alone', async () => {
    const database = await databaseBefore0016(dialect);
    const old = await insertForm(database, [
      { label: 'Name', type: 'text', required: true, placeHolder: '', isRemoved: false },
      { label: 'Email', type: 'email', required: false, placeHolder: '', isRemoved: true },
    ]);
    const mixed = await insertForm(database, [
      { id: 'kept-id', label: 'A', type: 'text' },
      { label: 'B', type: 'text' },
    ]);
    const broken = await insertForm(database, '{not json');

    await migrateToLatest(database.db);

    const fields = JSON.parse(await storedFields(database, old));
    expect(fields).toEqual([
      {
        id: expect.stringMatching(/^f[0-9a-z]{10}$/),
        label: 'Name',
        type: 'text',
        required: true,
        placeHolder: '',
        isRemoved: false,
      },
      {
        id: expect.stringMatching(/^f[0-9a-z]{10}$/),
        label: 'Email',
        type: 'email',
        required: false,
        placeHolder: '',
        isRemoved: true,
      },
    ]);
    expect(fields[0].id).not.toBe(fields[1].id);
    const both = JSON.parse(await storedFields(database, mixed));
    expect(both[0].id).toBe('kept-id');
    expect(both[1].id).toMatch(/^f[0-9a-z]{10}$/);
    expect(await storedFields(database, broken)).toBe('{not json');
  });
});

it('fieldsWithIds: a repeated id is replaced, nothing changes when every field has its own', () => {
  let n = 0;
  const next = () => `new${++n}`;
  expect(fieldsWithIds('[{"id":"a"},{"id":"a"},{"label":"x"}]', next)).toBe(
    '[{"id":"a"},{"id":"new1"},{"label":"x","id":"new2"}]',
  );
  expect(fieldsWithIds('[{"id":"a"},{"id":"b"}]', next)).toBeUndefined();
  // Only an id the forms module can read is kept: 'my field' would make every read of the form fail.
  expect(fieldsWithIds('[{"id":"my field"},{"id":42},{"id":"ok_1"}]', next)).toBe(
    '[{"id":"new3"},{"id":"new4"},{"id":"ok_1"}]',
  );
  expect(fieldsWithIds('{"id":"a"}', next)).toBeUndefined();
});
