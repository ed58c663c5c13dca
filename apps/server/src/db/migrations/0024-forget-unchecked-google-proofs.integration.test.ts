import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect } from '../../test/dialects.js';
import { type DatabaseHandle, migrateToLatest } from '../database.js';
import { migrationProvider } from './index.js';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

describeEachDialect('migration 0024: remembered Google proofs forgotten', (dialect) => {
  it('forgets every proof recorded before tokens were checked with tokeninfo', async () => {
    const database = await createTestDatabase(dialect);
    opened.push(database);
    const { error } = await new Migrator({ db: database.db, provider: migrationProvider }).migrateTo(
      '0023-receipt-mailboxes',
    );
    if (error) throw error;
    const now = new Date().toISOString();
    const ownerId = randomUUID();
    await database.db
      .insertInto('users')
      .values({
        id: ownerId,
        google_sub: null,
        email: `${ownerId}@example.org`,
        name: 'O',
        role: 'User',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await database.db
      .insertInto('google_edit_proofs')
      .values({ owner_id: ownerId, spreadsheet_id: 'sheet-1', expires_at: '2099-01-01T00:00:00.000Z' })
      .execute();

    await migrateToLatest(database.db);

    expect(await database.db.selectFrom('google_edit_proofs').selectAll().execute()).toEqual([]);
  });
});
