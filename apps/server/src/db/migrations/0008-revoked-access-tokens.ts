import type { Kysely } from 'kysely';

/**
 * revoked_access_tokens: the ids (`jti`) of access tokens ended by a logout, kept only until the token
 * would have expired anyway (15 minutes by default). In the database, not in memory, so every instance
 * refuses a logged-out token; rows past `expires_at` are purged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_access_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_access_tokens_expires_idx')
    .on('revoked_access_tokens')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_access_tokens').execute();
}
