import type { AfterSubmitStep } from './submit';

export const SHEET_SAVE_MESSAGES = {
  saving: 'Saving to Google Sheets...',
  saved: 'Data saved to Google Sheet!',
  notSaved: 'Form submitted but could not save to Google Sheet',
} as const;

export type SyncState = 'pending' | 'claimed' | 'synced' | 'failed';

export interface SheetSaveDeps {
  /** Answers the response's sync state, or undefined when it cannot be read right now. */
  readState(responseId: string): Promise<SyncState | undefined>;
  sleep(ms: number): Promise<void>;
  /** How long the respondent waits at most; the server finishes the job either way. */
  waitMs?: number;
  pollMs?: number;
}

/**
 * The spec's 'Saving to Google Sheets...' step. The server stores the response and a worker writes it
 * to the sheet; this step only watches its state for a few seconds and says how it went. A response that
 * has not landed in time is still stored and still on its way, so it never fails the submission.
 */
export function createSheetSaveStep(deps: SheetSaveDeps): AfterSubmitStep {
  const waitMs = deps.waitMs ?? 6000;
  const pollMs = deps.pollMs ?? 400;
  return async ({ receipt, notify }) => {
    notify.info(SHEET_SAVE_MESSAGES.saving);
    const attempts = Math.max(1, Math.ceil(waitMs / pollMs));
    for (let attempt = 0; attempt < attempts; attempt++) {
      const state = await deps.readState(receipt.responseId).catch(() => undefined);
      if (state === 'synced') {
        notify.success(SHEET_SAVE_MESSAGES.saved);
        return;
      }
      if (state === 'failed') break;
      await deps.sleep(pollMs);
    }
    notify.warning(SHEET_SAVE_MESSAGES.notSaved);
  };
}
