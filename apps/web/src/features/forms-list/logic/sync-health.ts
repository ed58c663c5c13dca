import type { FormResponse, FormSyncCounts } from '@sheetforms/contract';

/** How often Manage Forms asks for the sync counts while some responses are still on their way. */
export const SYNC_POLL_MS = 5000;

/** The failed count's tooltip when the reason of the latest failure is not known (yet). */
export const GENERIC_SYNC_FAILURE_TEXT = 'Some responses could not be written to the sheet';

export const RETRY_SYNC_FAILED_TEXT = 'Failed to retry the responses. Please try again.';

export interface SyncCount {
  pending: number;
  failed: number;
}

const NONE: SyncCount = { pending: 0, failed: 0 };

/** A form's counts; forms with nothing pending or failed are absent from the server's answer. */
export function syncCountFor(counts: FormSyncCounts | undefined, formId: string): SyncCount {
  return counts?.[formId] ?? NONE;
}

/** True while any form has responses waiting for the sheet. */
export function hasPendingSync(counts: FormSyncCounts | undefined): boolean {
  return counts !== undefined && Object.values(counts).some((count) => count.pending > 0);
}

/** The polling interval: every 5 s while something is pending, otherwise none. */
export function syncPollInterval(counts: FormSyncCounts | undefined): number | false {
  return hasPendingSync(counts) ? SYNC_POLL_MS : false;
}

export function pendingText(count: number): string {
  return `${count.toLocaleString()} pending`;
}

export function failedText(count: number): string {
  return `${count.toLocaleString()} failed`;
}

/**
 * A form without a sheet: its responses are kept here and counted as not synced, and linking a sheet
 * sends them (saving the sheet settings queues them again). Not a failure the owner can retry.
 */
export function waitingForSheetText(count: number): string {
  return count === 1
    ? '1 response waits for a sheet'
    : `${count.toLocaleString()} responses wait for a sheet`;
}

export const WAITING_FOR_SHEET_HINT =
  'These responses are kept here. Link a Google Sheet and they are written to it.';

/** The reason of the most recent failed response that has one, if any. */
export function latestFailureReason(
  responses: Pick<FormResponse, 'createdAt' | 'syncState' | 'syncError'>[],
): string | undefined {
  let latest: { at: number; reason: string } | undefined;
  for (const response of responses) {
    if (response.syncState !== 'failed' || !response.syncError?.trim()) continue;
    const at = Date.parse(response.createdAt);
    const time = Number.isNaN(at) ? 0 : at;
    if (!latest || time >= latest.at) latest = { at: time, reason: response.syncError.trim() };
  }
  return latest?.reason;
}
