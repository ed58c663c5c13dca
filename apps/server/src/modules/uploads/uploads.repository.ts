import { type ExpressionBuilder, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database, UploadsTable } from '../../db/schema.js';

export type UploadRow = Selectable<UploadsTable>;

/**
 * A stored response of the upload's form carries its URL. A response stores the URL exactly as this
 * server issued it (PUBLIC_URL, the path, `{key}.png`); the key's 128 random bits make the ending alone
 * unambiguous, and it still matches after PUBLIC_URL changes. `since` bounds the scan to the form's
 * responses from about when the upload was made (responses_form_created_idx).
 */
function usedByResponse(since: string) {
  return ({ exists, selectFrom }: ExpressionBuilder<Database, 'uploads'>) =>
    exists(
      selectFrom('responses')
        .select(sql.lit(1).as('used'))
        .whereRef('responses.form_id', '=', 'uploads.form_id')
        .where('responses.created_at', '>=', since)
        .where(
          sql<boolean>`${sql.ref('responses.signature_url')} like ${sql.lit('%/')} || ${sql.ref('uploads.key')} || ${sql.lit('.png')}`,
        ),
    );
}

/** A response is stored after its upload; this much earlier covers any clock difference between instances. */
const CLOCK_MARGIN_MS = 24 * 60 * 60 * 1000;
const earlier = (iso: string) => new Date(Date.parse(iso) - CLOCK_MARGIN_MS).toISOString();

/**
 * The PostgreSQL advisory lock namespace under which one form's capped inserts take turns ('SFUP',
 * SheetForms uploads); the form's id is hashed into the lock's second half.
 */
export const UPLOAD_CAP_LOCK_NAMESPACE = 0x53465550;

/** The per-form cap on uploads: at most `max` uploads not yet kept, made since `since`. */
export interface UploadCap {
  since: string;
  max: number;
}

/** Which form each stored signature was uploaded for. */
export function createUploadsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /**
   * The uploads that count toward a form's cap: not kept, made since `since`. Served by
   * uploads_undecided_idx, which holds every upload younger than an hour (none is kept yet).
   */
  const countedUploads = (executor: Kysely<Database>, formRowId: string, since: string) =>
    executor
      .selectFrom('uploads')
      .where('form_id', '=', formRowId)
      .where('kept', '=', sql.lit(0))
      .where('created_at', '>=', since);

  /** One statement: the row is stored only while the form's count since `since` is under the cap. */
  async function insertUnderCap(
    executor: Kysely<Database>,
    row: Insertable<UploadsTable>,
    cap: UploadCap,
  ): Promise<boolean> {
    const counted = countedUploads(executor, row.form_id, cap.since).select((eb) =>
      eb.fn.countAll().as('count'),
    );
    const result = await executor
      .insertInto('uploads')
      .columns(['key', 'form_id', 'bytes', 'created_at'])
      .expression(
        executor
          .selectNoFrom((eb) => [
            eb.val(row.key).as('key'),
            eb.val(row.form_id).as('form_id'),
            eb.val(row.bytes).as('bytes'),
            eb.val(row.created_at).as('created_at'),
          ])
          .where((eb) => eb(counted, '<', cap.max)),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  return {
    /**
     * Stores the upload's row only while the form has taken fewer than `cap.max` uploads since
     * `cap.since`: the count and the insert are one step, so uploads that arrive together cannot all
     * pass a count taken before any of them was stored. SQLite runs the statement alone (one writer);
     * on PostgreSQL two such statements would each count without the other's row, so a form's inserts
     * take turns on an advisory lock. Answers whether the row was stored.
     */
    async insertUnderCap(row: Insertable<UploadsTable>, cap: UploadCap): Promise<boolean> {
      if (kind === 'sqlite') return insertUnderCap(db, row, cap);
      return db
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(${sql.lit(UPLOAD_CAP_LOCK_NAMESPACE)}, hashtext(${row.form_id}))`.execute(
            trx,
          );
          return insertUnderCap(trx, row, cap);
        });
    },
    /** The stored size once the image is re-encoded (the row is stored before, with the upload's size). */
    async setBytes(key: string, bytes: number): Promise<void> {
      await db.updateTable('uploads').set({ bytes }).where('key', '=', key).execute();
    },
    async delete(key: string): Promise<void> {
      await db.deleteFrom('uploads').where('key', '=', key).execute();
    },
    /** The upload of `key` for the form (internal id), or undefined when there is none. */
    async findForForm(
      key: string,
      formRowId: string,
    ): Promise<Pick<UploadRow, 'created_at' | 'kept'> | undefined> {
      return db
        .selectFrom('uploads')
        .select(['created_at', 'kept'])
        .where('key', '=', key)
        .where('form_id', '=', formRowId)
        .executeTakeFirst();
    },
    /** Whether a stored response of the upload's form uses it. */
    async isUsed(key: string, createdAt: string): Promise<boolean> {
      const row = await db
        .selectFrom('uploads')
        .select('key')
        .where('key', '=', key)
        .where(usedByResponse(earlier(createdAt)))
        .executeTakeFirst();
      return row !== undefined;
    },
    /** The form's uploads that count toward its cap since `since`, and the oldest one's time. */
    async countSince(
      formRowId: string,
      since: string,
    ): Promise<{ count: number; oldest: string | undefined }> {
      const row = await countedUploads(db, formRowId, since)
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ?? undefined };
    },
    /**
     * Undecided uploads made before `before`, oldest first, at most `limit` of them: those a stored response
     * uses are marked kept (never looked at again), the others deleted. Answers the deleted keys, whose
     * images the caller removes. Each statement decides on what is committed when it runs; a response
     * committed after it uses an upload the submission check had already refused (upload-limits.ts).
     */
    async deleteExpired(before: string, limit: number): Promise<string[]> {
      if (limit <= 0) return [];
      const candidates = await db
        .selectFrom('uploads')
        .select(['key', 'created_at'])
        .where('kept', '=', sql.lit(0))
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      const first = candidates[0];
      if (!first) return [];
      const keys = candidates.map((row) => row.key);
      await db
        .updateTable('uploads')
        .set({ kept: 1 })
        .where('key', 'in', keys)
        .where(usedByResponse(earlier(first.created_at)))
        .execute();
      const deleted = await db
        .deleteFrom('uploads')
        .where('key', 'in', keys)
        .where('kept', '=', sql.lit(0))
        .returning('key')
        .execute();
      return deleted.map((row) => row.key);
    },
    /** Which of the keys still belong to a form that exists (the others are orphans). */
    async liveKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('uploads')
        .innerJoin('forms', 'forms.id', 'uploads.form_id')
        .select('uploads.key')
        .where('uploads.key', 'in', [...keys])
        .execute();
      return new Set(rows.map((row) => row.key));
    },
    async keysOfForm(formRowId: string): Promise<string[]> {
      const rows = await db.selectFrom('uploads').select('key').where('form_id', '=', formRowId).execute();
      return rows.map((row) => row.key);
    },
    /**
     * Rows whose form no longer exists (none while foreign keys cascade; kept as a net), at most
     * `limit` of them; answers their keys after deleting them.
     */
    async deleteOrphanRows(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('uploads')
        .select('key')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('forms').select('forms.id').whereRef('forms.id', '=', 'uploads.form_id'))),
        )
        .limit(limit)
        .execute();
      const keys = rows.map((row) => row.key);
      if (keys.length > 0) await db.deleteFrom('uploads').where('key', 'in', keys).execute();
      return keys;
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
