import type { Kysely } from 'kysely';

/**
 * forms.edit_access_proven_for: the spreadsheet id for which the form's owner proved they can edit it
 * (decision 0022). Set by the sheet sync when it proves it right before its first write to a binding,
 * or when the form is bound on the owner's own Google token (which the sync cannot ask with again). The
 * sync writes into a form's spreadsheet only while this equals its spreadsheet_id, so re-linking a form
 * to another spreadsheet takes a new proof. NULL for forms bound before this migration: their next write
 * proves it first (a binding a viewer made is never written into).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forms').addColumn('edit_access_proven_for', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forms').dropColumn('edit_access_proven_for').execute();
}
