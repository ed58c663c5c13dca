import type { SheetAccess } from '@sheetforms/contract';

/**
 * Spec 000 section 4: the six states of the Sheet Status column, and No access: the signed-in owner can no
 * longer open the spreadsheet themselves (responses of a form already bound still reach it).
 */
export type SheetStatus =
  | 'checking'
  | 'connected'
  | 'setup-required'
  | 'no-access'
  | 'invalid-url'
  | 'error'
  | 'not-configured';

export const SHEET_STATUS_LABELS: Record<SheetStatus, string> = {
  checking: 'Checking...',
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

/** The check result of a call that failed (network error, 5xx, ...). */
export function checkFailedResult(now: Date = new Date()): SheetAccess {
  return {
    accessible: false,
    error: 'CHECK_FAILED',
    message: CHECK_FAILED_MESSAGE,
    lastChecked: now.toISOString(),
    sheetExists: false,
  };
}

/** A form is checked only when it has both a spreadsheet URL and a sheet name. */
export function isSheetConfigured(form: { googleSheetsUrl: string; sheetName: string }): boolean {
  return form.googleSheetsUrl.trim() !== '' && form.sheetName.trim() !== '';
}

/** What one row's check is doing: in flight, or done with a result. */
export type SheetCheckState = { phase: 'checking' } | { phase: 'done'; result: SheetAccess };

/** The status of a check result alone. */
export function statusFromResult(result: Pick<SheetAccess, 'accessible' | 'error'>): SheetStatus {
  if (result.accessible) return 'connected';
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
