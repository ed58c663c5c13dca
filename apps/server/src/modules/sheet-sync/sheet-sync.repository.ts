import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database, ResponseSyncState, ResponsesTable } from '../../db/schema.js';
import type { ClaimedResponse } from './batch.js';
import { storedSheetId } from './sheet-binding.js';

/** Columns added by migration 0004-sheet-sync (also to be declared in db/schema.ts). */
export interface SheetSyncColumns {
  next_attempt_at: string | null;
  claimed_by: string | null;
  dedupe_required: number;
}

/** The schema as this module sees it; equal to Database once schema.ts declares the 0004 columns. */
export type SheetSyncDatabase = Omit<Database, 'responses'> & {
  responses: ResponsesTable & SheetSyncColumns;
};

export interface ClaimOptions {
  /** ISO instant. */
  now: string;
  /** ISO instant the lease ends. */
  leaseUntil: string;
  workerId: string;
  limit: number;
  /** Spreadsheets this worker must not write to right now (pacing). */
  excludeSpreadsheetIds?: readonly string[];
  /**
   * The forms to claim from, in order (the worker's map of forms with work). Left out, the forms with
   * pending responses are found in the pending index.
   */
  formRowIds?: readonly string[];
}

/**
 * A SQLite claim is several statements (held spreadsheets, then one pick per form) and SQLite has one
 * writer per file and process: claims on one database take turns in process, so two of them never both
 * see a spreadsheet free. (PostgreSQL's claims take turns with an advisory lock instead.)
 */
const sqliteClaims = new WeakMap<object, Promise<unknown>>();
function serializedOnSqlite<T>(database: object, run: () => Promise<T>): Promise<T> {
  const previous = sqliteClaims.get(database) ?? Promise.resolve();
  const next = previous.then(run, run);
  sqliteClaims.set(
    database,
    next.catch(() => undefined),
  );
  return next;
}

/** How many forms one claim looks at, at most. */
const MAX_FORMS_PER_CLAIM = 200;

/**
 * The PostgreSQL advisory lock that serializes claims across instances ('SFSY', SheetForms sync). Any
 * fixed bigint works as long as nothing else in the database takes it.
 */
export const CLAIM_LOCK_KEY = 0x53465359;

/** How many of an owner's responses of one form are in one state. */
export interface FormStateCount {
  /** The public form id. */
  formId: string;
  state: ResponseSyncState;
  count: number;
}

interface ClaimedRow {
  id: string;
  form_id: string;
  answers_json: string;
  signature_url: string | null;
  respondent_email: string | null;
  created_at: string;
  attempts: number | string;
  dedupe_required: number | string;
}

/**
 * The sync state machine in the database: pending → claimed (a lease) → synced | failed, or back to
 * pending with a later next_attempt_at. Every settling update is guarded by `claimed_by = worker` and
 * `sync_state = 'claimed'`, so a worker whose lease ran out and was taken over cannot overwrite the
 * newer claim.
 */
export function createSheetSyncRepository(database: Kysely<Database>, kind: DatabaseKind) {
  const db = database as unknown as Kysely<SheetSyncDatabase>;
  // SQLite picks indexes from statistics that nothing gathers here (no ANALYZE): unguided, it walks the
  // (sync_state, …) index through every pending row for each form (724 ms at 100,000 instead of 0.3).
  const pendingIndex = kind === 'sqlite' ? sql`INDEXED BY responses_pending_form_idx` : sql``;

  async function claim(options: ClaimOptions): Promise<ClaimedResponse[]> {
    const rows =
      kind === 'postgres'
        ? // Two claim statements running at once cannot see each other's uncommitted claims, so both
          // could pass the one-writer-per-spreadsheet check below for the same spreadsheet. The lock
          // makes claims take turns; under READ COMMITTED the UPDATE, a later statement than the lock,
          // then sees every claim committed before it. SQLite has a single writer, so it needs none.
          await db
            .transaction()
            .setIsolationLevel('read committed')
            .execute(async (trx) => {
              await sql`SELECT pg_advisory_xact_lock(${sql.lit(CLAIM_LOCK_KEY)})`.execute(trx);
              return claimRows(trx, options);
            })
        : await serializedOnSqlite(db, () => claimRows(db, options));
    if (rows.length === 0) return [];
    return withForms(rows);
  }

  /**
   * Claims without scanning the backlog. The forms to claim from are given (the worker's map of forms with
   * work) or found by skipping through the pending index form by form; each form's oldest due responses
   * come from the partial index (form_id, created_at, id) WHERE sync_state = 'pending', one bounded
   * statement per form. Spreadsheets with a live claim (few rows: only claimed ones are read) and the
   * ones the caller paces are skipped, so each spreadsheet has one writer.
   */
  async function claimRows(
    executor: Kysely<SheetSyncDatabase>,
    options: ClaimOptions,
  ): Promise<ClaimedRow[]> {
    const { now, leaseUntil, workerId, limit } = options;
    const formIds = options.formRowIds ?? (await pendingFormIds(executor, MAX_FORMS_PER_CLAIM));
    if (formIds.length === 0 || limit <= 0) return [];
    const held = await sql<{ spreadsheet_id: string | null }>`
      SELECT DISTINCT f.spreadsheet_id FROM responses r JOIN forms f ON f.id = r.form_id
      WHERE r.sync_state = 'claimed' AND r.claimed_until >= ${now}
    `.execute(executor);
    const skip = new Set<string>([
      ...(options.excludeSpreadsheetIds ?? []),
      ...held.rows.flatMap((row) => (row.spreadsheet_id ? [row.spreadsheet_id] : [])),
    ]);
    const forms = await executor
      .selectFrom('forms')
      .select(['id', 'spreadsheet_id'])
      .where('id', 'in', formIds.slice(0, MAX_FORMS_PER_CLAIM))
      .execute();
    const spreadsheetOf = new Map(forms.map((form) => [form.id, form.spreadsheet_id]));
    // PostgreSQL: concurrent workers skip each other's locked rows instead of waiting or double-claiming;
    // SQLite has a single writer, and one process runs one round at a time.
    const locking = kind === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const claimed: ClaimedRow[] = [];
    for (const formId of formIds) {
      if (claimed.length >= limit) break;
      if (!spreadsheetOf.has(formId)) continue; // deleted meanwhile
      const spreadsheetId = spreadsheetOf.get(formId) ?? null;
      if (spreadsheetId !== null && skip.has(spreadsheetId)) continue;
      // The pick is a MATERIALIZED CTE, run exactly once: as `WHERE id IN (SELECT … LIMIT … SKIP LOCKED)`
      // PostgreSQL may rescan the subquery and take the next rows on each rescan.
      const result = await sql<ClaimedRow>`
        WITH picked AS MATERIALIZED (
          SELECT id FROM responses ${pendingIndex}
          WHERE form_id = ${formId} AND sync_state = 'pending'
            AND (next_attempt_at IS NULL OR next_attempt_at <= ${now})
          ORDER BY created_at, id
          LIMIT ${limit - claimed.length}
          ${locking}
        )
        UPDATE responses SET sync_state = 'claimed', claimed_until = ${leaseUntil}, claimed_by = ${workerId}
        WHERE id IN (SELECT id FROM picked) AND sync_state = 'pending'
        RETURNING id, form_id, answers_json, signature_url, respondent_email, created_at, attempts, dedupe_required
      `.execute(executor);
      if (result.rows.length === 0) continue;
      claimed.push(...result.rows);
      // One writer per spreadsheet: a second form on the same spreadsheet waits for the next claim.
      if (spreadsheetId !== null) skip.add(spreadsheetId);
    }
    return claimed;
  }

  /**
   * Forms with pending responses, found by skipping through the pending index (one probe per form, not
   * one per response): O(forms · log n) however long the queue.
   */
  async function pendingFormIds(executor: Kysely<SheetSyncDatabase>, max: number): Promise<string[]> {
    const result = await sql<{ id: string | null }>`
      WITH RECURSIVE pending_forms(id, n) AS (
        SELECT (SELECT MIN(form_id) FROM responses ${pendingIndex} WHERE sync_state = 'pending'), 1
        UNION ALL
        SELECT (SELECT MIN(form_id) FROM responses ${pendingIndex} WHERE sync_state = 'pending' AND form_id > p.id), p.n + 1
        FROM pending_forms p WHERE p.id IS NOT NULL AND p.n < ${max}
      )
      SELECT id FROM pending_forms WHERE id IS NOT NULL
    `.execute(executor);
    return result.rows.flatMap((row) => (row.id ? [row.id] : []));
  }

  /** The claimed rows with what the writer needs of their forms. */
  async function withForms(rows: ClaimedRow[]): Promise<ClaimedResponse[]> {
    const formIds = [...new Set(rows.map((row) => row.form_id))];
    const forms = await db
      .selectFrom('forms')
      .select([
        'id',
        'form_id',
        'owner_id',
        'spreadsheet_id',
        'sheet_name',
        'sheet_id',
        'sync_paused_reason',
        'edit_access_proven_for',
        'fields_json',
        'settings_json',
      ])
      .where('id', 'in', formIds)
      .execute();
    const formById = new Map(forms.map((form) => [form.id, form]));
    const claimed: ClaimedResponse[] = [];
    for (const row of rows) {
      const form = formById.get(row.form_id);
      if (!form) continue; // deleted meanwhile: its responses went with it (ON DELETE CASCADE)
      claimed.push({
        id: row.id,
        formRowId: row.form_id,
        answersJson: row.answers_json,
        signatureUrl: row.signature_url,
        respondentEmail: row.respondent_email ?? null,
        createdAt: row.created_at,
        attempts: Number(row.attempts),
        dedupeRequired: Number(row.dedupe_required) === 1,
        form: {
          id: form.id,
          formId: form.form_id,
          ownerId: form.owner_id,
          spreadsheetId: form.spreadsheet_id,
          sheetName: form.sheet_name,
          sheetId: storedSheetId(form.sheet_id),
          syncPausedReason: form.sync_paused_reason,
          editAccessProvenFor: form.edit_access_proven_for,
          fieldsJson: form.fields_json,
          settingsJson: form.settings_json,
        },
      });
    }
    return claimed;
  }

  function mine(ids: readonly string[], workerId: string) {
    return db
      .updateTable('responses')
      .where('id', 'in', [...ids])
      .where('sync_state', '=', 'claimed')
      .where('claimed_by', '=', workerId);
  }

  return {
    claim,

    /**
     * The head of a form's queue: when its oldest pending response may be tried (null = now), or
     * undefined when nothing of the form is pending. One index probe.
     */
    async queueHead(formRowId: string): Promise<{ nextAttemptAt: string | null } | undefined> {
      const row = await db
        .selectFrom('responses')
        .select('next_attempt_at')
        .where('form_id', '=', formRowId)
        .where('sync_state', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row ? { nextAttemptAt: row.next_attempt_at } : undefined;
    },

    /** Forms with pending responses (the worker rebuilds its map of forms with work from this). */
    pendingFormIds: (max = 10_000) => pendingFormIds(db, max),

    /**
     * Extends this worker's lease where it still runs at `now`; answers the ids still held. A lease that
     * ran out is not renewed even when nobody took its rows yet: the spreadsheet was free for another
     * instance meanwhile (a claim skips only spreadsheets with a live lease), which may have written its
     * header row, so what this worker read of the sheet can no longer be trusted.
     */
    async extendLease(
      ids: readonly string[],
      workerId: string,
      now: string,
      leaseUntil: string,
    ): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await mine(ids, workerId)
        .where('claimed_until', '>=', now)
        .set({ claimed_until: leaseUntil })
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async markSynced(ids: readonly string[], workerId: string, now: string): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await mine(ids, workerId)
        .set({
          sync_state: 'synced',
          synced_at: now,
          last_error: null,
          claimed_until: null,
          claimed_by: null,
          next_attempt_at: null,
          dedupe_required: 0,
        })
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Back to pending after a failed try, not before `nextAttemptAt`. `counted`: the try counts toward the
     * response's attempts (a quota answer does not: Google asked us to wait).
     */
    async markRetry(
      ids: readonly string[],
      workerId: string,
      error: string,
      nextAttemptAt: string,
      ambiguous: boolean,
      counted = true,
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await mine(ids, workerId)
        .set((eb) => ({
          sync_state: 'pending',
          attempts: eb('attempts', '+', counted ? 1 : 0),
          last_error: error.slice(0, 1000),
          next_attempt_at: nextAttemptAt,
          claimed_until: null,
          claimed_by: null,
          ...(ambiguous ? { dedupe_required: 1 } : {}),
        }))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * The owner must act; `reason` is shown to them. `ambiguous`: the last try was an unanswered append,
     * so the owner's Retry reads the Response ID column before appending again.
     */
    async markFailed(
      ids: readonly string[],
      workerId: string,
      reason: string,
      ambiguous = false,
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await mine(ids, workerId)
        .set((eb) => ({
          sync_state: 'failed',
          attempts: eb('attempts', '+', 1),
          last_error: reason.slice(0, 1000),
          claimed_until: null,
          claimed_by: null,
          next_attempt_at: null,
          ...(ambiguous ? { dedupe_required: 1 } : {}),
        }))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Records the tab the forms write to: its sheetId, and its current title (shown to the owner), unless
     * the owner re-linked the form to another spreadsheet meanwhile.
     */
    async bindSheet(
      formRowIds: readonly string[],
      was: { spreadsheetId: string; sheetName: string; sheetId: number | null },
      sheet: { sheetId: number; title: string },
    ): Promise<void> {
      if (formRowIds.length === 0) return;
      // Only forms still bound as the batch read them: an owner who picked another link or tab meanwhile
      // keeps their choice.
      await db
        .updateTable('forms')
        .set({ sheet_id: sheet.sheetId, sheet_name: sheet.title })
        .where('id', 'in', [...formRowIds])
        .where('spreadsheet_id', '=', was.spreadsheetId)
        .where('sheet_name', '=', was.sheetName)
        .where((eb) => (was.sheetId === null ? eb('sheet_id', 'is', null) : eb('sheet_id', '=', was.sheetId)))
        .execute();
    },

    /**
     * Back to pending untried, not before `nextAttemptAt`, with `reason` for the owner to read: nothing was
     * written because the owner's edit access is not shown (decision 0022). Not a failed try: attempts
     * stay as they were, and the responses go out on their own once the access is there.
     */
    async markAwaitingAccess(
      ids: readonly string[],
      workerId: string,
      reason: string,
      nextAttemptAt: string,
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await mine(ids, workerId)
        .set({
          sync_state: 'pending',
          last_error: reason.slice(0, 1000),
          next_attempt_at: nextAttemptAt,
          claimed_until: null,
          claimed_by: null,
        })
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Records that the forms' owner proved edit access to `spreadsheetId`, on the forms still bound to it
     * (an owner who re-linked one meanwhile needs a proof for the new spreadsheet).
     */
    async recordEditAccessProven(formRowIds: readonly string[], spreadsheetId: string): Promise<void> {
      if (formRowIds.length === 0) return;
      await db
        .updateTable('forms')
        .set({ edit_access_proven_for: spreadsheetId })
        .where('id', 'in', [...formRowIds])
        .where('spreadsheet_id', '=', spreadsheetId)
        .execute();
    },

    /** Stops the forms' sync until the owner retries (a write landed where it must not). */
    async pauseForms(formRowIds: readonly string[], reason: string): Promise<void> {
      if (formRowIds.length === 0) return;
      await db
        .updateTable('forms')
        .set({ sync_paused_reason: reason.slice(0, 1000) })
        .where('id', 'in', [...formRowIds])
        .execute();
    },

    /** Gives claimed responses back untouched (not tried: pacing, budget, shutdown). */
    async release(ids: readonly string[], workerId: string): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await mine(ids, workerId)
        .set({ sync_state: 'pending', claimed_until: null, claimed_by: null })
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Gives back every claim `workerId` still holds (a stopping worker), marked for a Response ID check:
     * a claim left over after a round failed may belong to an append whose answer was lost. Answers how many.
     */
    async releaseAllOf(workerId: string): Promise<number> {
      const result = await db
        .updateTable('responses')
        .set({ sync_state: 'pending', claimed_until: null, claimed_by: null, dedupe_required: 1 })
        .where('sync_state', '=', 'claimed')
        .where('claimed_by', '=', workerId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Returns claims whose lease ended (their worker died or hung) to pending, marked for a Response ID
     * check because their append may have landed; answers their forms (the worker claims from them next).
     * Reads only claimed rows (the (sync_state, …) index), never the backlog.
     */
    async releaseExpired(now: string): Promise<string[]> {
      const rows = await db
        .updateTable('responses')
        .set({ sync_state: 'pending', claimed_until: null, claimed_by: null, dedupe_required: 1 })
        .where('sync_state', '=', 'claimed')
        .where('claimed_until', '<', now)
        .returning('form_id')
        .execute();
      return [...new Set(rows.map((row) => row.form_id))];
    },

    /**
     * Puts the failed responses of the owner's form (public id `formId`) back in the queue as new.
     * Answers how many, or undefined when the owner has no such form.
     */
    async requeueFailedOfOwnedForm(ownerId: string, formId: string): Promise<number | undefined> {
      const form = await db
        .selectFrom('forms')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
      if (!form) return undefined;
      // The owner's Retry is also how they say they fixed what paused the form's sync.
      await db.updateTable('forms').set({ sync_paused_reason: null }).where('id', '=', form.id).execute();
      const result = await db
        .updateTable('responses')
        .set({
          sync_state: 'pending',
          attempts: 0,
          next_attempt_at: null,
          claimed_until: null,
          claimed_by: null,
        })
        .where('form_id', '=', form.id)
        .where('sync_state', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Puts one failed response of the owner's form (public id `formId`) back in the queue as new, in one
     * conditional update (a worker can never be writing a failed row). Answers whether it was requeued,
     * whether the owner has the form, and the response's state when it was not requeued (undefined when
     * the form has no such response).
     */
    async requeueFailedResponseOfOwnedForm(
      ownerId: string,
      formId: string,
      responseId: string,
    ): Promise<{ formFound: boolean; requeued: boolean; state?: ResponseSyncState | undefined }> {
      const form = await db
        .selectFrom('forms')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
      if (!form) return { formFound: false, requeued: false };
      const result = await db
        .updateTable('responses')
        .set({
          sync_state: 'pending',
          attempts: 0,
          next_attempt_at: null,
          claimed_until: null,
          claimed_by: null,
        })
        .where('id', '=', responseId)
        .where('form_id', '=', form.id)
        .where('sync_state', '=', 'failed')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        // As with the form's Retry: the owner says they fixed what paused the form, or the row would fail
        // again at once with the pause's reason.
        await db.updateTable('forms').set({ sync_paused_reason: null }).where('id', '=', form.id).execute();
        return { formFound: true, requeued: true };
      }
      const row = await db
        .selectFrom('responses')
        .select('sync_state')
        .where('id', '=', responseId)
        .where('form_id', '=', form.id)
        .executeTakeFirst();
      return { formFound: true, requeued: false, state: row?.sync_state };
    },

    /** The owner's responses not yet synced, counted per form and state (forms with none are absent). */
    async unsyncedCountsOfOwner(ownerId: string): Promise<FormStateCount[]> {
      const rows = await db
        .selectFrom('responses')
        .innerJoin('forms', 'forms.id', 'responses.form_id')
        .select((eb) => [
          'forms.form_id',
          'responses.sync_state',
          eb.fn.countAll<number | string>().as('count'),
        ])
        .where('forms.owner_id', '=', ownerId)
        .where('responses.sync_state', '!=', 'synced')
        .groupBy(['forms.form_id', 'responses.sync_state'])
        .execute();
      return rows.map((row) => ({ formId: row.form_id, state: row.sync_state, count: Number(row.count) }));
    },

    /** One response's state, nothing else of it. */
    async syncStateOf(responseId: string): Promise<ResponseSyncState | undefined> {
      const row = await db
        .selectFrom('responses')
        .select('sync_state')
        .where('id', '=', responseId)
        .executeTakeFirst();
      return row?.sync_state;
    },
  };
}

export type SheetSyncRepository = ReturnType<typeof createSheetSyncRepository>;
