import { toast } from 'react-toastify';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useSyncFailureReason } from '../api/get-sync-failure-reason';
import { useRetrySync } from '../api/retry-sync';
import {
  failedText,
  GENERIC_SYNC_FAILURE_TEXT,
  pendingText,
  RETRY_SYNC_FAILED_TEXT,
  type SyncCount,
  WAITING_FOR_SHEET_HINT,
  waitingForSheetText,
} from '../logic/sync-health';

export interface SyncHealthProps {
  formId: string;
  formName: string;
  count: SyncCount;
  /**
   * The form has a sheet (URL and sheet name). Without one, its responses are not failures to retry: they
   * wait for a sheet, and the row says so instead of 'failed' with a Retry that could not succeed.
   */
  hasSheet?: boolean;
}

const badge =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset';

/**
 * Sheet-sync health under the Sheet Status: responses still on their way to the sheet, those that failed
 * (with the latest reason as the tooltip), and Retry for the failed ones. Renders nothing when all synced.
 */
export function SyncHealth({ formId, formName, count, hasSheet = true }: SyncHealthProps) {
  const { pending, failed } = count;
  const reason = useSyncFailureReason(formId, hasSheet ? failed : 0);
  const retry = useRetrySync();
  if (pending <= 0 && failed <= 0) return null;
  if (!hasSheet) {
    return (
      <div data-testid="sync-health" className="flex flex-wrap items-center gap-1.5">
        <span
          data-testid="sync-waiting-for-sheet"
          title={WAITING_FOR_SHEET_HINT}
          className={`${badge} bg-slate-50 text-slate-700 ring-slate-200`}
        >
          <span aria-hidden="true" className="size-1.5 rounded-full bg-slate-400" />
          {waitingForSheetText(pending + failed)}
        </span>
        <span className="sr-only">{WAITING_FOR_SHEET_HINT}</span>
      </div>
    );
  }

  const failureText = reason.data ?? GENERIC_SYNC_FAILURE_TEXT;
  const onRetry = () => {
    retry.mutate(formId, {
      onSuccess: ({ message, data }) => {
        toast.success(
          message ??
            (data.retried === 1
              ? '1 response queued for the sheet again'
              : `${data.retried} responses queued for the sheet again`),
        );
      },
      onError: (error) => {
        toast.error(getErrorMessage(error, RETRY_SYNC_FAILED_TEXT));
      },
    });
  };

  return (
    <div data-testid="sync-health" className="flex flex-wrap items-center gap-1.5">
      {pending > 0 ? (
        <span
          data-testid="sync-pending"
          title="Responses waiting to be written to the sheet"
          className={`${badge} bg-amber-50 text-amber-800 ring-amber-200`}
        >
          <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-500" />
          {pendingText(pending)}
        </span>
      ) : null}
      {failed > 0 ? (
        <>
          <span
            data-testid="sync-failed"
            title={failureText}
            className={`${badge} bg-red-50 text-red-700 ring-red-200`}
          >
            <span aria-hidden="true" className="size-1.5 rounded-full bg-red-500" />
            {failedText(failed)}
          </span>
          <span className="sr-only">{failureText}</span>
          <button
            type="button"
            onClick={onRetry}
            disabled={retry.isPending}
            aria-busy={retry.isPending || undefined}
            className="inline-flex items-center gap-1 rounded font-medium text-red-700 text-xs hover:text-red-800 hover:underline focus-visible:outline-2 focus-visible:outline-red-600 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
          >
            {retry.isPending ? (
              <Spinner size="sm" decorative className="size-3" />
            ) : (
              <RefreshIcon className="size-3" />
            )}
            Retry <span className="sr-only">failed responses of {formName}</span>
          </button>
        </>
      ) : null}
    </div>
  );
}
