import type { Kysely } from 'kysely';

/**
 * Each client address gets its own share of a form's signature-upload cap
 * (modules/uploads/upload-limits.ts): `uploads.client` holds a digest of the uploader's address key while
 * the upload is unused, so an address's unused uploads of a form are counted in the database, across
 * instances. It is cleared when the upload is kept (a response uses it), and an unused upload is deleted
 * after 70 minutes, so no digest outlives that. Rows stored before this have none and count only toward
 * the form's cap.
 *
 * No index: the count reads the form's unused uploads of the last hour through uploads_undecided_idx
 * (migration 0015), and there are never many more of those than the form's cap.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('client', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('client').execute();
}
