import type { Kysely } from 'kysely';

/**
 * - forms.sheet_id: the bound tab's sheetId (the `gid` of its URL), stored when the form is bound or at
 *   its first write. The sheet sync finds the tab by it, so renaming the tab in Google does not make the
 *   next write create a new, empty tab. NULL for forms bound before this migration: the worker binds
 *   them by their stored title at their next write.
 * - forms.sync_paused_reason: set when a write landed where it must not (rows placed above or beside
 *   the header by Google's table detection). While set, the form's responses are not written; the owner
 *   reads the reason and the Retry that clears it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forms').addColumn('sheet_id', 'bigint').execute();
  await db.schema.alterTable('forms').addColumn('sync_paused_reason', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forms').dropColumn('sync_paused_reason').execute();
  await db.schema.alterTable('forms').dropColumn('sheet_id').execute();
}
