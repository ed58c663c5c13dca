import { RESPONSE_RETRY_MESSAGES, type ResponseItem, SHEET_STATE_LABELS } from '@sheetforms/contract';

export type SyncBadgeVariant = 'success' | 'warning' | 'danger' | 'neutral';

export interface SyncStateView {
  label: (typeof SHEET_STATE_LABELS)[keyof typeof SHEET_STATE_LABELS];
  variant: SyncBadgeVariant;
  /** What the badge's tooltip says: the reason of a failure, or what a pending row is waiting for. */
  detail: string;
  /** Only failed rows can be queued again (the server's retry takes failed responses only). */
  canRetry: boolean;
}

export const NO_SHEET_DETAIL = 'This form has no Google Sheet linked. The response is kept here.';
export const SYNC_FAILED_WITHOUT_REASON = 'This response could not be written to the Google Sheet';
export const RETRY_FAILED_TEXT = 'Failed to retry the response. Please try again.';
export const RETRY_QUEUED_TEXT = RESPONSE_RETRY_MESSAGES.queued;

/**
 * How a response's sheet sync state reads in its row. `claimed` (a worker is writing it right now) reads
 * as Pending: to the owner both mean "not in the sheet yet". A pending row that carries an error is one
 * the worker will try again after a back-off, so its tooltip says why it is late.
 */
export function syncStateView(item: Pick<ResponseItem, 'syncState' | 'syncError'>): SyncStateView {
  const reason = item.syncError?.trim() || undefined;
  switch (item.syncState) {
    case 'synced':
      return {
        label: SHEET_STATE_LABELS.synced,
        variant: 'success',
        detail: 'Written to the Google Sheet',
        canRetry: false,
      };
    // Nothing is wrong and nothing can be retried: a neutral badge, not a red one.
    case 'no_sheet':
      return {
        label: SHEET_STATE_LABELS.no_sheet,
        variant: 'neutral',
        detail: NO_SHEET_DETAIL,
        canRetry: false,
      };
    case 'failed':
      return {
        label: SHEET_STATE_LABELS.failed,
        variant: 'danger',
        detail: reason ?? SYNC_FAILED_WITHOUT_REASON,
        canRetry: true,
      };
    default:
      return {
        label: SHEET_STATE_LABELS.pending,
        variant: 'warning',
        detail: reason ? `Will be tried again: ${reason}` : 'Waiting to be written to the Google Sheet',
        canRetry: false,
      };
  }
}

/** True while any listed row is still on its way to the sheet, so the list is worth refreshing. */
export function hasUnsyncedRows(items: readonly Pick<ResponseItem, 'syncState'>[]): boolean {
  return items.some((item) => item.syncState === 'pending' || item.syncState === 'claimed');
}
