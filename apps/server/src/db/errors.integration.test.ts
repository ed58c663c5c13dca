import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDialect } from '../test/dialects.js';
import type { DatabaseHandle } from './database.js';
import { migrateToLatest } from './database.js';
import { isUniqueViolation } from './errors.js';

describeEachDialect('database errors', (dialect) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  const user = (id: string, email: string) => ({
    id,
    google_sub: null,
    email,
    name: 'N',
    role: 'User' as const,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });

  it('recognises a unique-constraint violation, and nothing else, as one', async () => {
    await database.db.insertInto('users').values(user('u1', 'one@example.com')).execute();
    const duplicate = await database.db
      .insertInto('users')
      .values(user('u2', 'one@example.com'))
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);

    const missingParent = await database.db
      .insertInto('refresh_tokens')
      .values({
        id: 't1',
        user_id: 'nobody',
        family_id: 'f',
        token_hash: 'h',
        expires_at: '2027-01-01T00:00:00.000Z',
        created_at: '2026-01-01T00:00:00.000Z',
        revoked_at: null,
        replaced_by: null,
      })
      .execute()
      .catch((error: unknown) => error);
    expect(missingParent).toBeInstanceOf(Error);
    expect(isUniqueViolation(missingParent)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
  });
});
