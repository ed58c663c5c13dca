import type { ResponseItem } from '@sheetforms/contract';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { RefreshIcon } from '@/components/ui/icons';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { getErrorMessage } from '@/lib/api-client';
import { useRetryResponseSync } from '../api/retry-sync';
import { RETRY_FAILED_TEXT, RETRY_QUEUED_TEXT, syncStateView } from '../logic/sync-state';

export interface SyncStateBadgeProps {
  formId: string;
  item: Pick<ResponseItem, 'id' | 'syncState' | 'syncError'>;
  /** Also writes the reason out under the badge (the drawer), not only in the tooltip. */
  showDetail?: boolean;
}

/**
 * Where a response stands with the Google Sheet: Synced, Pending, Failed, or No sheet (neutral: the form
 * has no sheet linked). The badge is a button so the
 * tooltip with the reason opens on keyboard focus as well as on hover; a failed row offers Retry, which
 * queues that response alone (the form-wide Retry is on Manage Forms).
 */
export function SyncStateBadge({ formId, item, showDetail = false }: SyncStateBadgeProps) {
  const view = syncStateView(item);
  const retry = useRetryResponseSync(formId, item.id);

  const onRetry = () => {
    retry.mutate(undefined, {
      onSuccess: ({ message }) => {
        toast.success(message ?? RETRY_QUEUED_TEXT);
      },
      onError: (error) => {
        toast.error(getErrorMessage(error, RETRY_FAILED_TEXT));
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="sync-state">
      <SimpleTooltip content={view.detail}>
        <button
          type="button"
          className="rounded-full focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
        >
          <Badge variant={view.variant} dot>
            {view.label}
          </Badge>
          <span className="sr-only">, sheet sync: {view.detail}</span>
        </button>
      </SimpleTooltip>
      {view.canRetry ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRetry}
          isLoading={retry.isPending}
          className="px-2 py-0.5 text-xs"
        >
          {retry.isPending ? null : <RefreshIcon className="size-3.5" />}
          Retry <span className="sr-only">writing this response to the sheet</span>
        </Button>
      ) : null}
      {showDetail && item.syncState !== 'synced' ? (
        <p className="w-full break-words text-slate-600 text-sm">{view.detail}</p>
      ) : null}
    </div>
  );
}
