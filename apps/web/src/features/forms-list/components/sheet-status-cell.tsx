import type { SheetAccess } from '@sheetforms/contract';
import { type ReactNode, useRef } from 'react';
import {
  CheckCircleIcon,
  ErrorIcon,
  LinkOffIcon,
  LockIcon,
  RefreshIcon,
  WarningIcon,
} from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { VerifyGoogleAccess } from '@/features/google-account/components/verify-google-access';
import { SETUP_REQUIRED_HINT, SHEET_STATUS_LABELS, type SheetStatus } from '../logic/sheet-status';

/** Why a row says it is retrying: nothing is wrong with the sheet as far as anyone knows. */
export const RETRYING_HINT = 'Google Sheets was busy; the check is tried again by itself.';

/**
 * No access in a table cell: the server's advice names the owner's address twice and runs to a dozen lines
 * in the column, so the cell says it in short and keeps the advice one click away (and in the title).
 */
export const NO_ACCESS_SHORT = 'Not shared with you as an editor.';
export const NO_ACCESS_DETAILS = 'What to do';

export interface SheetStatusCellProps {
  formName: string;
  /** The form's spreadsheet: No Access offers Verify with Google for it. */
  spreadsheetUrl: string;
  status: SheetStatus;
  /** The latest finished check, if any. */
  result: SheetAccess | undefined;
  onRecheck: () => void;
  /**
   * 'cell' (the table's narrow column, the default) or 'card' (a phone's card, as wide as the screen): a
   * card shows every note in full, a cell folds No access's long advice.
   */
  layout?: 'cell' | 'card';
}

// Retrying is slate like Checking: Google being busy says nothing bad about the sheet (issue 22).
const tone: Record<SheetStatus, string> = {
  checking: 'text-slate-600',
  retrying: 'text-slate-600',
  connected: 'text-emerald-700',
  'setup-required': 'text-amber-700',
  'no-access': 'text-red-700',
  'invalid-url': 'text-red-700',
  error: 'text-red-700',
  'not-configured': 'text-slate-500',
};

const icons: Record<Exclude<SheetStatus, 'checking'>, ReactNode> = {
  retrying: <RefreshIcon className="mt-0.5 size-4 shrink-0" />,
  connected: <CheckCircleIcon className="size-4" />,
  'setup-required': <WarningIcon className="size-4" />,
  'no-access': <LockIcon className="size-4" />,
  'invalid-url': <ErrorIcon className="size-4" />,
  error: <ErrorIcon className="size-4" />,
  'not-configured': <LinkOffIcon className="size-4" />,
};

function lastCheckedText(result: SheetAccess): string {
  const date = new Date(result.lastChecked);
  return Number.isNaN(date.getTime()) ? '' : `Last checked ${date.toLocaleTimeString()}`;
}

/** Spec 000 section 4: an icon and a label per status, and Recheck for configured rows. */
export function SheetStatusCell({
  formName,
  spreadsheetUrl,
  status,
  result,
  onRecheck,
  layout = 'cell',
}: SheetStatusCellProps) {
  const label = SHEET_STATUS_LABELS[status];
  const statusRef = useRef<HTMLSpanElement>(null);
  const tooltip =
    status === 'setup-required'
      ? SETUP_REQUIRED_HINT
      : status === 'retrying'
        ? RETRYING_HINT
        : result && status !== 'checking' && status !== 'not-configured'
          ? [result.message, lastCheckedText(result)].filter(Boolean).join('\n')
          : undefined;
  const note =
    status === 'setup-required'
      ? SETUP_REQUIRED_HINT
      : status === 'connected' && result && !result.sheetExists
        ? 'Sheet is created with the first response'
        : status === 'invalid-url' || status === 'error' || status === 'no-access'
          ? result?.message
          : undefined;

  return (
    <div className="flex min-w-28 flex-col items-start gap-1">
      <span
        ref={statusRef}
        tabIndex={-1}
        data-testid="sheet-status"
        data-status={status}
        title={tooltip}
        className={`inline-flex gap-1.5 rounded font-medium text-sm focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 ${
          // The long retrying label wraps in its column instead of widening the table.
          status === 'retrying' ? 'max-w-28 items-start leading-snug' : 'items-center whitespace-nowrap'
        } ${tone[status]}`}
      >
        {status === 'checking' ? (
          <Spinner size="sm" decorative className="text-emerald-600" />
        ) : (
          icons[status]
        )}
        {label}
      </span>
      {note && status === 'no-access' && layout === 'cell' ? (
        <div className="max-w-28 text-slate-500 text-xs leading-snug">
          <p>{NO_ACCESS_SHORT}</p>
          <details className="mt-0.5">
            <summary className="cursor-pointer rounded font-medium text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2">
              {NO_ACCESS_DETAILS}
              <span className="sr-only"> about the sheet of {formName}</span>
            </summary>
            {/* An owner's address is one long word: it wraps anywhere rather than leave the column. */}
            <p className="mt-1 [overflow-wrap:anywhere]">{note}</p>
          </details>
        </div>
      ) : note ? (
        // An owner's address is one long word: it wraps anywhere rather than leave the column.
        <span
          className={`text-slate-500 text-xs leading-snug [overflow-wrap:anywhere] ${layout === 'card' ? 'max-w-prose' : 'max-w-28'}`}
        >
          {note}
        </span>
      ) : null}
      {status === 'no-access' ? (
        <VerifyGoogleAccess
          spreadsheetUrl={spreadsheetUrl}
          onVerified={() => {
            onRecheck();
            // The button goes away with the No access state: the status it changed takes the focus.
            statusRef.current?.focus();
          }}
          context={formName}
          compact
        />
      ) : null}
      {status !== 'not-configured' ? (
        <button
          type="button"
          onClick={onRecheck}
          disabled={status === 'checking'}
          className="inline-flex items-center gap-1 rounded font-medium text-emerald-700 text-xs hover:text-emerald-800 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
        >
          <RefreshIcon className="size-3" />
          Recheck <span className="sr-only">sheet status of {formName}</span>
        </button>
      ) : null}
    </div>
  );
}
