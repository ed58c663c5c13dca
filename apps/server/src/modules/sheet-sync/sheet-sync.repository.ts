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
}

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
        : await claimRows(db, options);
    if (rows.length === 0) return [];
    return withForms(rows);
  }

  async function claimRows(
    executor: Kysely<SheetSyncDatabase>,
    options: ClaimOptions,
  ): Promise<ClaimedRow[]> {
    const { now, leaseUntil, workerId, limit } = options;
    const exclude = options.excludeSpreadsheetIds ?? [];
    const notExcluded =
      exclude.length > 0
        ? sql`AND f.spreadsheet_id NOT IN (${sql.join(exclude.map((id) => sql`${id}`))})`
        : sql``;
    // PostgreSQL: concurrent workers skip each other's locked rows instead of waiting or double-claiming;
    // SQLite has a single writer, so the one statement is atomic as it is.
    const locking = kind === 'postgres' ? sql`FOR UPDATE OF r SKIP LOCKED` : sql``;
    const claimable = sql`(r.sync_state = 'pending' OR (r.sync_state = 'claimed' AND r.claimed_until < ${now}))`;
    // One writer per spreadsheet: skip spreadsheets with a live claim (another batch of this or another
    // instance is writing there), so header additions of two writers never race.
    // The pick is a MATERIALIZED CTE, run exactly once. As `WHERE id IN (SELECT … LIMIT … SKIP LOCKED)`
    // PostgreSQL may rescan the subquery (a nested-loop semi-join), and each rescan skips the rows this
    // statement has just claimed and takes the next ones: one claim then swallowed every pending row.
    const result = await sql<ClaimedRow>`
      WITH picked AS MATERIALIZED (
        SELECT r.id FROM responses r JOIN forms f ON f.id = r.form_id
        WHERE ${claimable}
          AND (r.next_attempt_at IS NULL OR r.next_attempt_at <= ${now})
          ${notExcluded}
          AND NOT EXISTS (
            SELECT 1 FROM responses r2 JOIN forms f2 ON f2.id = r2.form_id
            WHERE r2.sync_state = 'claimed' AND r2.claimed_until >= ${now}
              AND f2.spreadsheet_id = f.spreadsheet_id
          )
        ORDER BY r.created_at, r.id
        LIMIT ${limit}
        ${locking}
      )
      UPDATE responses SET
        dedupe_required = CASE WHEN sync_state = 'claimed' THEN 1 ELSE dedupe_required END,
        sync_state = 'claimed',
        claimed_until = ${leaseUntil},
        claimed_by = ${workerId}
      WHERE id IN (SELECT id FROM picked)
      AND (sync_state = 'pending' OR (sync_state = 'claimed' AND claimed_until < ${now}))
      RETURNING id, form_id, answers_json, signature_url, created_at, attempts, dedupe_required
    `.execute(executor);
    return result.rows;
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

    /** Extends this worker's lease; answers the ids still held (others were taken over). */
    async extendLease(ids: readonly string[], workerId: string, leaseUntil: string): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await mine(ids, workerId).set({ claimed_until: leaseUntil }).returning('id').execute();
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

    /** Back to pending after a failed try, not before `nextAttemptAt`. */
    async markRetry(
      ids: readonly string[],
      workerId: string,
      error: string,
      nextAttemptAt: string,
      ambiguous: boolean,
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await mine(ids, workerId)
        .set((eb) => ({
          sync_state: 'pending',
          attempts: eb('attempts', '+', 1),
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
      spreadsheetId: string,
      sheet: { sheetId: number; title: string },
    ): Promise<void> {
      if (formRowIds.length === 0) return;
      await db
        .updateTable('forms')
        .set({ sheet_id: sheet.sheetId, sheet_name: sheet.title })
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
     * Returns claims whose lease ended (their worker died or hung) to pending, marked for a Response ID
     * check because their append may have landed. claim() also takes such rows directly; this is for
     * housekeeping and answers how many were returned.
     */
    async releaseExpired(now: string): Promise<number> {
      const result = await db
        .updateTable('responses')
        .set({ sync_state: 'pending', claimed_until: null, claimed_by: null, dedupe_required: 1 })
        .where('sync_state', '=', 'claimed')
        .where('claimed_until', '<', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
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
