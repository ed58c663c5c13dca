import { RESPONSE_RETRY_MESSAGES } from '@sheetforms/contract';
import type { ResponseSyncState } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/http-error.js';
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
  'requeueFailedOfOwnedForm' | 'requeueFailedResponseOfOwnedForm' | 'unsyncedCountsOfOwner' | 'syncStateOf'
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

    /**
     * Puts one failed response of the owner's form back in the queue (a row's Retry on the responses
     * page). 404 for a form that is not theirs or a response not in it; 409 for a response that has not
     * failed (already in the sheet, or already waiting for it): there is nothing to retry (decision 0013).
     */
    async retryFailedResponse(ownerId: string, formId: string, responseId: string): Promise<void> {
      const outcome = await repository.requeueFailedResponseOfOwnedForm(ownerId, formId, responseId);
      if (outcome.requeued) return;
      if (!outcome.formFound) throw notFound('Form not found', 'NOT_FOUND');
      if (outcome.state === undefined) throw notFound('Response not found', 'RESPONSE_NOT_FOUND');
      if (outcome.state === 'synced')
        throw new HttpError(409, 'RESPONSE_ALREADY_SYNCED', RESPONSE_RETRY_MESSAGES.alreadySynced);
      throw new HttpError(409, 'RESPONSE_ALREADY_QUEUED', RESPONSE_RETRY_MESSAGES.alreadyQueued);
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
