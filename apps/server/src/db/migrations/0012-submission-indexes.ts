import { type Kysely, sql } from 'kysely';

/**
 * Fewer index writes per submission (decision 0019; EXPLAIN QUERY PLAN of every affected query there):
 * - responses_sync_state_idx (sync_state) is dropped: every query that could use it is served as well by an
 *   index on sync_state's rows, and each index costs every new response a write.
 * - responses_sync_due_idx (sync_state, next_attempt_at) is replaced by two partial indexes, and claims
 *   pick pending rows through responses_pending_form_idx (migration 0011):
 *   - responses_claimed_idx (claimed_until) WHERE sync_state = 'claimed': the spreadsheets with a live
 *     claim, the leases that ran out;
 *   - responses_failed_idx (form_id) WHERE sync_state = 'failed': the owner's Retry of a form's failed
 *     responses, which would otherwise walk every response of the form.
 *   A new response is pending, so it is written to neither: they hold only the claimed and failed rows.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('responses_claimed_idx')
    .on('responses')
    .column('claimed_until')
    .where(sql.ref('sync_state'), '=', 'claimed')
    .execute();
  await db.schema
    .createIndex('responses_failed_idx')
    .on('responses')
    .column('form_id')
    .where(sql.ref('sync_state'), '=', 'failed')
    .execute();
  await db.schema.dropIndex('responses_sync_due_idx').execute();
  await db.schema.dropIndex('responses_sync_state_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('responses_sync_state_idx').on('responses').column('sync_state').execute();
  await db.schema
    .createIndex('responses_sync_due_idx')
    .on('responses')
    .columns(['sync_state', 'next_attempt_at'])
    .execute();
  await db.schema.dropIndex('responses_failed_idx').execute();
  await db.schema.dropIndex('responses_claimed_idx').execute();
}
