import { type Kysely, sql } from 'kysely';

/**
 * Signature uploads that no response uses expire (modules/uploads/upload-limits.ts):
 * - `kept` is set to 1 by the sweep once it finds a stored response using the upload; such an upload is
 *   never removed and never looked at again, so each sweep reads only the recent, undecided rows.
 * - uploads_undecided_idx (form_id, created_at) WHERE kept = 0 holds only those rows: the sweep's
 *   candidates, and a form's uploads of the last hour for the per-form cap (every upload younger than an
 *   hour is undecided). A form's older, kept uploads stay out of both.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('kept', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('uploads_undecided_idx')
    .on('uploads')
    .columns(['form_id', 'created_at'])
    .where(sql.ref('kept'), '=', 0)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_undecided_idx').execute();
  await db.schema.alterTable('uploads').dropColumn('kept').execute();
}
