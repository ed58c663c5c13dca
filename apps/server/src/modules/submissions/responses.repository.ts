import type { Kysely, Selectable } from 'kysely';
import type { Database, ResponsesTable } from '../../db/schema.js';
import type { IdempotentStore, StoredReceipt } from './idempotency.js';

export type NewResponseRow = Omit<
  Selectable<ResponsesTable>,
  | 'sync_state'
  | 'attempts'
  | 'last_error'
  | 'synced_at'
  | 'claimed_until'
  | 'next_attempt_at'
  | 'claimed_by'
  | 'dedupe_required'
>;

/** Writing respondents' submissions. New rows start in sync state 'pending' (the column default). */
export function createResponsesRepository(db: Kysely<Database>): IdempotentStore<NewResponseRow> {
  return {
    async insertIfNew(row) {
      // One statement, one implicit transaction: when it returns, the row is committed.
      const inserted = await db
        .insertInto('responses')
        .values({ ...row, sync_state: 'pending', last_error: null, synced_at: null, claimed_until: null })
        .onConflict((oc) => oc.columns(['form_id', 'idempotency_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async findByIdempotencyKey(formRowId, key): Promise<StoredReceipt | undefined> {
      const row = await db
        .selectFrom('responses')
        .select(['id', 'sync_state'])
        .where('form_id', '=', formRowId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row && { id: row.id, syncState: row.sync_state };
    },
  };
}
export type ResponsesRepository = ReturnType<typeof createResponsesRepository>;
