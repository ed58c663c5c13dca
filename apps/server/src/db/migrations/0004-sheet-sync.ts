import type { Kysely } from 'kysely';

/**
 * The sheet-sync worker's bookkeeping on responses:
 * - next_attempt_at: a retried response is not claimed again before this ISO instant (NULL = now);
 * - claimed_by: the worker instance holding the lease, so a worker whose lease ran out cannot settle a
 *   claim another worker has taken over;
 * - dedupe_required: 1 once an append may have landed unseen (no answer, or a lease ran out): the next
 *   try reads the sheet's Response ID column before appending again.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the past, not today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('responses').addColumn('next_attempt_at', 'text').execute();
  await db.schema.alterTable('responses').addColumn('claimed_by', 'text').execute();
  await db.schema
    .alterTable('responses')
    .addColumn('dedupe_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('responses_sync_due_idx')
    .on('responses')
    .columns(['sync_state', 'next_attempt_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('responses_sync_due_idx').execute();
  await db.schema.alterTable('responses').dropColumn('dedupe_required').execute();
  await db.schema.alterTable('responses').dropColumn('claimed_by').execute();
  await db.schema.alterTable('responses').dropColumn('next_attempt_at').execute();
}
