import { type Kysely, sql } from 'kysely';

/**
 * Claims that never scan the backlog: the sheet-sync worker claims a form's oldest pending responses
 * through this partial index (only pending rows are in it, so it stays as small as the queue), and finds
 * the forms that have pending work by skipping through it form by form. Both cost O(batch) or O(forms)
 * however many responses wait.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('responses_pending_form_idx')
    .on('responses')
    .columns(['form_id', 'created_at', 'id'])
    .where(sql.ref('sync_state'), '=', 'pending')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('responses_pending_form_idx').execute();
}
