import type { Kysely, Selectable } from 'kysely';
import { isConstraintViolation } from '../../db/errors.js';
import { createGroupCommit } from '../../db/group-commit.js';
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

/**
 * The most responses in one group-commit transaction: 500 rows × 12 columns stays far below SQLite's 32,766
 * and PostgreSQL's 65,535 bound parameters per statement.
 */
const MAX_RESPONSES_PER_COMMIT = 500;

/**
 * Writing respondents' submissions. New rows start in sync state 'pending'. Concurrent submissions are
 * committed together (db/group-commit.ts): one multi-row INSERT, one transaction, one flush to disk.
 */
export function createResponsesRepository(
  db: Kysely<Database>,
  /** Where the group commits run (DatabaseHandle.writeDb: off the main thread on SQLite); default `db`. */
  writeDb: Kysely<Database> = db,
): IdempotentStore<NewResponseRow> {
  const commits = createGroupCommit<NewResponseRow, boolean>({
    maxBatch: MAX_RESPONSES_PER_COMMIT,
    isItemFailure: isConstraintViolation,
    async flushBatch(rows) {
      // One statement is one implicit transaction: when it returns, every row in it is committed. A row whose
      // (form, idempotency key) exists, or repeats an earlier row of this batch, is skipped, not an error.
      const inserted = await writeDb
        .insertInto('responses')
        .values(
          rows.map((row) => ({
            ...row,
            sync_state: 'pending' as const,
            last_error: null,
            synced_at: null,
            claimed_until: null,
          })),
        )
        .onConflict((oc) => oc.columns(['form_id', 'idempotency_key']).doNothing())
        .returning('id')
        .execute();
      const insertedIds = new Set(inserted.map((row) => row.id));
      return rows.map((row) => insertedIds.has(row.id));
    },
  });

  return {
    insertIfNew: (row) => commits.write(row),
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
