import type { ResponseSyncState } from '../../db/schema.js';
import type { SheetSyncRepository } from './sheet-sync.repository.js';

export interface SyncCounts {
  /** Not yet in the sheet: pending or being written. */
  pending: number;
  /** Waiting for the owner (sharing, link); see the responses' last_error. */
  failed: number;
}

/** The repository calls the service makes (every owner query takes the owner's id). */
export type SheetSyncServiceRepository = Pick<
  SheetSyncRepository,
  'requeueFailedOfOwnedForm' | 'unsyncedCountsOfOwner' | 'syncStateOf'
>;

/** What owners and respondents may ask about syncing. Owner calls are scoped by owner id. */
export function createSheetSyncService(repository: SheetSyncServiceRepository) {
  return {
    /**
     * Puts the form's failed responses back in the queue (after the owner shared the sheet or fixed the
     * link). `formId` is the public form id. Answers how many were requeued, or undefined when the owner
     * has no such form.
     */
    retryFailedForForm(ownerId: string, formId: string): Promise<number | undefined> {
      return repository.requeueFailedOfOwnedForm(ownerId, formId);
    },

    /** Per public form id of the owner's forms that have any: responses not yet synced, and failed ones. */
    async syncCountsForForms(ownerId: string): Promise<Record<string, SyncCounts>> {
      const counts: Record<string, SyncCounts> = {};
      for (const { formId, state, count } of await repository.unsyncedCountsOfOwner(ownerId)) {
        const entry = counts[formId] ?? { pending: 0, failed: 0 };
        counts[formId] = entry;
        if (state === 'failed') entry.failed += count;
        else entry.pending += count;
      }
      return counts;
    },

    /** The state alone (no answers, no error text): safe for the public status call. */
    responseSyncState(responseId: string): Promise<ResponseSyncState | undefined> {
      return repository.syncStateOf(responseId);
    },
  };
}

export type SheetSyncService = ReturnType<typeof createSheetSyncService>;
