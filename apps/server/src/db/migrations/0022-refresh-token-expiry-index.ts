import type { Kysely } from 'kysely';

/**
 * The expired-token sweep (modules/auth/expired-sessions-sweep.ts) deletes `refresh_tokens` rows whose
 * `expires_at` has passed, every ten minutes on every instance. Without an index each sweep read the whole
 * table (every sign-in and rotation adds a row, kept until it expires), and on SQLite that read runs on the
 * main thread: with a million tokens and nothing to delete, about a tenth of a second of stalled requests
 * per instance per sweep. With it a sweep with nothing to do reads one index entry. The cost is one index
 * write per sign-in or refresh, which are not on any hot path.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('refresh_tokens_expires_idx')
    .on('refresh_tokens')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('refresh_tokens_expires_idx').execute();
}
