import type { SheetAccess } from '@sheetforms/contract';

/**
 * Spec 000 section 4: the six states of the Sheet Status column, and No access: the signed-in owner can no
 * longer open the spreadsheet themselves (responses of a form already bound still reach it); and Retrying:
 * Google (or our own limit) refused the check for now, which says nothing about the sheet (issue 22).
 */
export type SheetStatus =
  | 'checking'
  | 'retrying'
  | 'connected'
  | 'setup-required'
  | 'no-access'
  | 'invalid-url'
  | 'error'
  | 'not-configured';

export const SHEET_STATUS_LABELS: Record<SheetStatus, string> = {
  checking: 'Checking...',
  retrying: 'Could not check just now - retrying',
  connected: 'Connected',
  'setup-required': 'Setup Required',
  'no-access': 'No access',
  'invalid-url': 'Invalid URL',
  error: 'Error',
  'not-configured': 'Not configured',
};

/** The tooltip of Setup Required (spec 000 section 4). */
export const SETUP_REQUIRED_HINT = 'Needs to be made public';

/** Spec 000 section 8: what a check that could not be made yields. */
export const CHECK_FAILED_MESSAGE = 'Failed to check spreadsheet access';

/**
 * The check result of a call that failed. `retryable`: a rate limit, a server or network failure, which
 * the list tries again by itself; any other refusal is an Error.
 */
export function checkFailedResult(now: Date = new Date(), retryable = false): SheetAccess {
  return {
    accessible: false,
    error: 'CHECK_FAILED',
    message: CHECK_FAILED_MESSAGE,
    lastChecked: now.toISOString(),
    sheetExists: false,
    ...(retryable ? { retryable } : {}),
  };
}

/** Whether a finished check should be made again by itself (Google or the server was busy). */
export function isRetryable(result: Pick<SheetAccess, 'error' | 'retryable'>): boolean {
  return result.error === 'CHECK_FAILED' && result.retryable === true;
}

/** The first automatic retry waits 30 s; each further one twice as long, up to 5 minutes. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 5 * 60_000;
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempt), RETRY_MAX_MS);
}

/** A form is checked only when it has both a spreadsheet URL and a sheet name. */
export function isSheetConfigured(form: { googleSheetsUrl: string; sheetName: string }): boolean {
  return form.googleSheetsUrl.trim() !== '' && form.sheetName.trim() !== '';
}

/** What one row's check is doing: in flight, or done with a result. */
export type SheetCheckState = { phase: 'checking' } | { phase: 'done'; result: SheetAccess };

/** The status of a check result alone. */
export function statusFromResult(
  result: Pick<SheetAccess, 'accessible' | 'error' | 'retryable'>,
): SheetStatus {
  if (result.accessible) return 'connected';
  if (isRetryable(result)) return 'retrying';
  switch (result.error) {
    case 'PERMISSION_DENIED':
      return 'setup-required';
    case 'NO_OWNER_ACCESS':
      return 'no-access';
    case 'NOT_FOUND':
      return 'invalid-url';
    default:
      return 'error';
  }
}

/**
 * The status a row shows. A configured row without a result yet is about to be checked (the automatic
 * check runs right after the list loads, and a save schedules one), so it shows Checking.
 */
export function deriveSheetStatus(configured: boolean, check: SheetCheckState | undefined): SheetStatus {
  if (!configured) return 'not-configured';
  if (!check || check.phase === 'checking') return 'checking';
  return statusFromResult(check.result);
}

const SHARE_WITH = /Share the spreadsheet with (\S+@\S+?) as Editor/;

/** The service-account email that a PERMISSION_DENIED message names, if any. */
export function serviceAccountEmailFrom(message: string): string | undefined {
  return SHARE_WITH.exec(message)?.[1];
}
