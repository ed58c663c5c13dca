import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Signature images in the database (SIGNATURE_STORAGE=database), so that every instance sharing the
 * database reads every signature: the PNG's bytes under its 32-hex key. No foreign key to `uploads`: the
 * store stays a plain key-value store behind SignatureStorage, and the orphan sweep removes images whose
 * upload row is gone, as it does files. The primary key's index serves every query (by key, and the sweep's
 * listing in key order), so there is no other index.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Binary columns are the one type the dialects name differently: BLOB on SQLite, bytea on PostgreSQL.
  const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
  await db.schema
    .createTable('signature_images')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('png', bytes, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signature_images').execute();
}
