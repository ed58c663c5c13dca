import type { Kysely } from 'kysely';
import type { Database, ResponseSyncState } from '../../db/schema.js';
import type { SheetSyncDatabase } from './sheet-sync.repository.js';

export interface SyncCounts {
  /** Not yet in the sheet: pending or being written. */
  pending: number;
  /** Waiting for the owner (sharing, link); see the responses' last_error. */
  failed: number;
}

/** What owners and respondents may ask about syncing. Owner calls are scoped by owner id. */
export function createSheetSyncService(database: Kysely<Database>) {
  const db = database as unknown as Kysely<SheetSyncDatabase>;

  return {
    /**
     * Puts the form's failed responses back in the queue (after the owner shared the sheet or fixed the
     * link). `formId` is the public form id. Answers how many were requeued, or undefined when the owner
     * has no such form.
     */
    async retryFailedForForm(ownerId: string, formId: string): Promise<number | undefined> {
      const form = await db
        .selectFrom('forms')
        .select('id')
        .where('owner_id', '=', ownerId)
        .where('form_id', '=', formId)
        .executeTakeFirst();
      if (!form) return undefined;
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

    /** Per public form id of the owner's forms that have any: responses not yet synced, and failed ones. */
    async syncCountsForForms(ownerId: string): Promise<Record<string, SyncCounts>> {
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
      const counts: Record<string, SyncCounts> = {};
      for (const row of rows) {
        const entry = counts[row.form_id] ?? { pending: 0, failed: 0 };
        counts[row.form_id] = entry;
        if (row.sync_state === 'failed') entry.failed += Number(row.count);
        else entry.pending += Number(row.count);
      }
      return counts;
    },

    /** The state alone (no answers, no error text): safe for the public status call. */
    async responseSyncState(responseId: string): Promise<ResponseSyncState | undefined> {
      const row = await db
        .selectFrom('responses')
        .select('sync_state')
        .where('id', '=', responseId)
        .executeTakeFirst();
      return row?.sync_state;
    },
  };
}

export type SheetSyncService = ReturnType<typeof createSheetSyncService>;
