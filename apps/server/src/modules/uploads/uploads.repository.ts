import { type ExpressionBuilder, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database, UploadsTable } from '../../db/schema.js';
import { RESPONSE_CLOCK_MARGIN_MS } from './upload-limits.js';

export type UploadRow = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;

/**
 * A stored response of the upload's form carries its URL. A response stores the URL exactly as this
 * server issued it (PUBLIC_URL, the path, `{key}.png`); the key's 128 random bits make the ending alone
 * unambiguous, and it still matches after PUBLIC_URL changes. `since` bounds the scan to the form's
 * responses from about when the upload was made (responses_form_page_idx).
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

/**
 * A response is stored after its upload; this much earlier covers any clock difference between instances.
 * The sweep, which runs seldom and whose mistake would lose a stored response's image, allows a day; the
 * reads on the request paths allow RESPONSE_CLOCK_MARGIN_MS (upload-limits.ts).
 */
const CLOCK_MARGIN_MS = 24 * 60 * 60 * 1000;
const earlier = (iso: string, marginMs = CLOCK_MARGIN_MS) =>
  new Date(Date.parse(iso) - marginMs).toISOString();

/**
 * The upload key in a stored signature URL: the 32 characters before its final `.png` (the URL is one this
 * server issued, `.../{key}.png`, or the submission check would have refused it). Read with substr and
 * length, which both databases have, so a form's responses can be matched to its uploads as one set.
 */
const KEY_OF_SIGNATURE_URL = sql<string>`substr(${sql.ref('responses.signature_url')}, length(${sql.ref('responses.signature_url')}) - 35, 32)`;

/**
 * The PostgreSQL advisory lock namespace under which one form's capped inserts take turns ('SFUP',
 * SheetForms uploads); the form's id is hashed into the lock's second half.
 */
export const UPLOAD_CAP_LOCK_NAMESPACE = 0x53465550;

/**
 * The per-form cap on uploads: at most `max` uploads not yet kept, made since `since`, and of those at most
 * `maxPerClient` from the new row's client.
 */
export interface UploadCap {
  since: string;
  max: number;
  maxPerClient: number;
}

/** Which form each stored signature was uploaded for. */
export function createUploadsRepository(db: Kysely<Database>, kind: DatabaseKind) {
  /**
   * The uploads that count toward a form's cap: not kept, made since `since` (of one client, if given).
   * Served by uploads_undecided_idx, which holds the form's unkept uploads; since an upload is stored only
   * while the form holds fewer than its cap of them, the range read for the last hour stays about that long.
   */
  const countedUploads = (
    executor: Kysely<Database>,
    formRowId: string,
    since: string,
    client?: string | null,
  ) => {
    const query = executor
      .selectFrom('uploads')
      .where('form_id', '=', formRowId)
      .where('kept', '=', sql.lit(0))
      .where('created_at', '>=', since);
    return client == null ? query : query.where('client', '=', client);
  };

  /**
   * One statement: the row is stored only while the form's count since `since` is under its cap and its
   * client's count under the client's share (a row without a client has no share to count).
   */
  async function insertUnderCap(
    executor: Kysely<Database>,
    row: NewUpload,
    cap: UploadCap,
  ): Promise<boolean> {
    const count = (client?: string | null) =>
      countedUploads(executor, row.form_id, cap.since, client).select((eb) => eb.fn.countAll().as('count'));
    const result = await executor
      .insertInto('uploads')
      .columns(['key', 'form_id', 'bytes', 'created_at', 'client'])
      .expression(
        executor
          .selectNoFrom((eb) => [
            eb.val(row.key).as('key'),
            eb.val(row.form_id).as('form_id'),
            eb.val(row.bytes).as('bytes'),
            eb.val(row.created_at).as('created_at'),
            eb.val(row.client).as('client'),
          ])
          .where((eb) =>
            row.client == null
              ? eb(count(), '<', cap.max)
              : eb.and([eb(count(), '<', cap.max), eb(count(row.client), '<', cap.maxPerClient)]),
          ),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Marks kept the form's uploads since `since` that a stored response uses: they stop counting toward the
   * cap, and their client digest goes (nothing is counted by it any more). Run when an upload meets a cap,
   * not on each submission, so the submit path writes nothing more; the first upload that meets the cap
   * after a response is committed frees that response's place. One pass over the form's responses of the
   * window (responses_form_page_idx), matched to the uploads as one set by key. Answers how many it marked.
   */
  async function markUsed(executor: Kysely<Database>, formRowId: string, since: string) {
    const result = await executor
      .updateTable('uploads')
      .set({ kept: 1, client: null })
      .where('form_id', '=', formRowId)
      .where('kept', '=', sql.lit(0))
      .where('created_at', '>=', since)
      .where('key', 'in', (eb) =>
        eb
          .selectFrom('responses')
          .select(KEY_OF_SIGNATURE_URL.as('key'))
          .where('responses.form_id', '=', formRowId)
          .where('responses.created_at', '>=', earlier(since, RESPONSE_CLOCK_MARGIN_MS))
          .where('responses.signature_url', 'is not', null),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Stores the row under the caps; at a cap, frees the places of uploads responses used and tries again. */
  async function insertFreeingUsed(executor: Kysely<Database>, row: NewUpload, cap: UploadCap) {
    if (await insertUnderCap(executor, row, cap)) return true;
    if ((await markUsed(executor, row.form_id, cap.since)) === 0) return false;
    return insertUnderCap(executor, row, cap);
  }

  return {
    /**
     * Stores the upload's row only while the form holds fewer than `cap.max` unused uploads since
     * `cap.since`, and the row's client fewer than `cap.maxPerClient` of them: the count and the insert are
     * one step, so uploads that arrive together cannot all pass a count taken before any of them was
     * stored. SQLite runs each statement alone (one writer); on PostgreSQL two such statements would each
     * count without the other's row, so a form's inserts take turns on an advisory lock. Uploads that
     * stored responses use are marked kept when a cap is met (markUsed). Answers whether the row was stored.
     */
    async insertUnderCap(row: NewUpload, cap: UploadCap): Promise<boolean> {
      if (kind === 'sqlite') return insertFreeingUsed(db, row, cap);
      return db
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(${sql.lit(UPLOAD_CAP_LOCK_NAMESPACE)}, hashtext(${row.form_id}))`.execute(
            trx,
          );
          return insertFreeingUsed(trx, row, cap);
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
    /**
     * Whether a stored response of the upload's form uses it, looking at the responses stored since the
     * upload's time less `marginMs` (a day by default).
     */
    async isUsed(key: string, createdAt: string, marginMs = CLOCK_MARGIN_MS): Promise<boolean> {
      const row = await db
        .selectFrom('uploads')
        .select('key')
        .where('key', '=', key)
        .where(usedByResponse(earlier(createdAt, marginMs)))
        .executeTakeFirst();
      return row !== undefined;
    },
    /**
     * The form's uploads that count toward its cap since `since` (only `client`'s, if given), and the
     * oldest one's time.
     */
    async countSince(
      formRowId: string,
      since: string,
      client?: string,
    ): Promise<{ count: number; oldest: string | undefined }> {
      const row = await countedUploads(db, formRowId, since, client)
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
        .set({ kept: 1, client: null })
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
