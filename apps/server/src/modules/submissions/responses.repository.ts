import { type Kysely, type Selectable, sql } from 'kysely';
import { isConstraintViolation } from '../../db/errors.js';
import { createGroupCommit } from '../../db/group-commit.js';
import type { Database, ResponsesTable } from '../../db/schema.js';
import { SqliteWriterError, type SqliteWriterThread } from '../../db/sqlite-writer-thread.js';
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
 * The most responses in one group-commit transaction: 500 rows × 10 columns stays far below SQLite's 32,766
 * and PostgreSQL's 65,535 bound parameters per statement (the multi-row fallback), and bounds how long one
 * transaction holds SQLite's write lock.
 */
const MAX_RESPONSES_PER_COMMIT = 500;

/** The columns a submission sets, in the order of every statement below; the rest keep their defaults. */
const COLUMNS = [
  'id',
  'form_id',
  'answers_json',
  'signature_url',
  'respondent_id',
  'respondent_email',
  'consent',
  'idempotency_key',
  'created_at',
  'plan_deliveries',
] as const satisfies ReadonlyArray<keyof NewResponseRow>;

/** PostgreSQL's array type for each column's values (unnest below): text, but the one integer column. */
const POSTGRES_ARRAY_TYPE: Record<(typeof COLUMNS)[number], 'text[]' | 'int[]'> = {
  id: 'text[]',
  form_id: 'text[]',
  answers_json: 'text[]',
  signature_url: 'text[]',
  respondent_id: 'text[]',
  respondent_email: 'text[]',
  consent: 'text[]',
  idempotency_key: 'text[]',
  created_at: 'text[]',
  plan_deliveries: 'int[]',
};

/**
 * SQLite, on the writer thread: prepared once, run once per row inside one transaction. `changes` 0 means
 * the (form, idempotency key) exists, or repeats an earlier row of the same batch.
 */
const SQLITE_INSERT = `INSERT INTO responses (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})
ON CONFLICT (form_id, idempotency_key) DO NOTHING`;

/** One batch's outcome per row: stored, skipped (its key exists), or its own error (a constraint). */
type InsertOutcome = boolean | { error: unknown };

/**
 * Writing respondents' submissions. New rows start in sync state 'pending'. Concurrent submissions are
 * committed together (db/group-commit.ts): one transaction, one flush to disk. Three ways to write a batch,
 * the same SQL meaning:
 * - a SQLite file: one message to the writer thread, which runs one prepared single-row INSERT per row in
 *   one transaction (no SQL built on the main thread, one statement whatever the batch size);
 * - PostgreSQL: one INSERT … SELECT FROM unnest(arrays) (one SQL text whatever the batch size);
 * - in-memory SQLite (tests): one multi-row INSERT through Kysely.
 */
export function createResponsesRepository(
  db: Kysely<Database>,
  /** Where the group commits run (DatabaseHandle.writeDb: off the main thread on SQLite); default `db`. */
  writeDb: Kysely<Database> = db,
  options: { kind?: 'sqlite' | 'postgres'; sqliteWriter?: SqliteWriterThread | undefined } = {},
): IdempotentStore<NewResponseRow> {
  const { sqliteWriter } = options;
  const flushBatch: (rows: readonly NewResponseRow[]) => Promise<InsertOutcome[]> = sqliteWriter
    ? async (rows) => {
        const outcomes = await sqliteWriter.executeBatch(
          SQLITE_INSERT,
          rows.map((row) => COLUMNS.map((column) => row[column])),
        );
        return outcomes.map((outcome) =>
          'error' in outcome
            ? { error: new SqliteWriterError(outcome.error.message, outcome.error.code) }
            : outcome.changes === 1,
        );
      }
    : options.kind === 'postgres'
      ? async (rows) => {
          // One array per column; unnest zips them back into rows. NULLs travel inside the arrays.
          const columns = COLUMNS.map((column) => ({
            values: rows.map((row) => row[column]),
            type: sql.raw(POSTGRES_ARRAY_TYPE[column]),
          }));
          const inserted = await sql<{ id: string }>`
            INSERT INTO responses (${sql.join(COLUMNS.map((column) => sql.ref(column)))})
            SELECT * FROM unnest(${sql.join(columns.map(({ values, type }) => sql`${values}::${type}`))})
            ON CONFLICT (form_id, idempotency_key) DO NOTHING
            RETURNING id
          `.execute(writeDb);
          const insertedIds = new Set(inserted.rows.map((row) => row.id));
          return rows.map((row) => insertedIds.has(row.id));
        }
      : async (rows) => {
          const inserted = await writeDb
            .insertInto('responses')
            .values([...rows])
            .onConflict((oc) => oc.columns(['form_id', 'idempotency_key']).doNothing())
            .returning('id')
            .execute();
          const insertedIds = new Set(inserted.map((row) => row.id));
          return rows.map((row) => insertedIds.has(row.id));
        };

  // A statement is one implicit transaction (the thread's batch is one explicit one): when it returns, every
  // row in it is committed. If a whole statement fails on a constraint (PostgreSQL, the fallback), the group
  // commit retries its rows one by one so only the bad row's request fails.
  const commits = createGroupCommit<NewResponseRow, InsertOutcome>({
    maxBatch: MAX_RESPONSES_PER_COMMIT,
    isItemFailure: isConstraintViolation,
    flushBatch,
  });

  return {
    async insertIfNew(row) {
      const outcome = await commits.write(row);
      if (typeof outcome === 'boolean') return outcome;
      throw outcome.error;
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

/**
 * The insert met a foreign-key violation: the form was deleted after the request loaded it (on another
 * instance whose deletion this instance's form cache has not seen yet). The request answers 404 as if it
 * had arrived a moment later.
 */
export function isMissingFormError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error as { code: unknown };
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
