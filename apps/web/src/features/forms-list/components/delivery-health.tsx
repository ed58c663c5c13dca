import { retriedDeliveriesText } from '@sheetforms/contract';
import { toast } from 'react-toastify';
import { MailIcon, RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { useDeliveryCounts } from '../api/get-delivery-counts';
import { useRetryDeliveries } from '../api/retry-deliveries';

export const DELIVERY_HEALTH_TEXT = {
  retrying: (count: number) =>
    `${count.toLocaleString()} ${count === 1 ? 'delivery' : 'deliveries'} retrying`,
  failed: (count: number) => `${count.toLocaleString()} ${count === 1 ? 'delivery' : 'deliveries'} failed`,
  retryingTitle: 'E-mails and webhook calls that failed once and are tried again',
  genericFailure: 'Some e-mails or webhook calls could not be delivered',
  retryFailed: 'The deliveries could not be queued again. Please try again.',
} as const;

const badge =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset';

/**
 * E-mail and webhook delivery health beside the sheet's (issue 24): deliveries being retried, those that
 * failed for good (the latest reason as the tooltip, and for screen readers), and Retry for the failed
 * ones. Renders nothing while all is well. Every row reads one shared query.
 */
export function DeliveryHealth({ formId, formName }: { formId: string; formName: string }) {
  const counts = useDeliveryCounts();
  const retry = useRetryDeliveries();
  const count = counts.data?.[formId];
  if (!count || (count.retrying <= 0 && count.failed <= 0)) return null;
  const reason = count.lastError ?? DELIVERY_HEALTH_TEXT.genericFailure;

  const onRetry = () =>
    retry.mutate(formId, {
      onSuccess: ({ message, data }) => toast.success(message ?? retriedDeliveriesText(data.retried)),
      onError: (error) => toast.error(getErrorMessage(error, DELIVERY_HEALTH_TEXT.retryFailed)),
    });

  return (
    <div data-testid="delivery-health" className="flex flex-wrap items-center gap-1.5">
      {count.retrying > 0 ? (
        <span
          title={DELIVERY_HEALTH_TEXT.retryingTitle}
          className={`${badge} bg-amber-50 text-amber-800 ring-amber-200`}
        >
          <MailIcon aria-hidden="true" className="size-3" />
          {DELIVERY_HEALTH_TEXT.retrying(count.retrying)}
        </span>
      ) : null}
      {count.failed > 0 ? (
        <>
          <span title={reason} className={`${badge} bg-red-50 text-red-700 ring-red-200`}>
            <MailIcon aria-hidden="true" className="size-3" />
            {DELIVERY_HEALTH_TEXT.failed(count.failed)}
          </span>
          <span className="sr-only">{reason}</span>
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
            Retry <span className="sr-only">failed deliveries of {formName}</span>
          </button>
        </>
      ) : null}
    </div>
  );
}
