import type { Kysely } from 'kysely';

/**
 * google_edit_proofs: an owner showed, with their own Google token, that they can edit a spreadsheet
 * (Drive's capabilities.canEdit for that token; decision 0044). Owners who edit only through a Google
 * group, a Workspace domain or a shared drive have no other way to show it, and the token itself is never
 * stored, so the proof is remembered instead, per owner and spreadsheet, until `expires_at`. Rows past it
 * are purged whenever a proof is recorded; a new proof replaces the row.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('google_edit_proofs')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('spreadsheet_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('google_edit_proofs_pk', ['owner_id', 'spreadsheet_id'])
    .execute();
  await db.schema
    .createIndex('google_edit_proofs_expires_idx')
    .on('google_edit_proofs')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('google_edit_proofs').execute();
}
