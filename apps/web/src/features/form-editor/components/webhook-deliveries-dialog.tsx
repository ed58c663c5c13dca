import type { Webhook, WebhookDelivery } from '@sheetforms/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Dialog, DialogBody, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { RefreshIcon } from '@/components/ui/icons';
import { listWebhookDeliveries, replayWebhookDelivery } from '../api/webhooks-api';
import { serverMessageOr } from '../logic/error-text';
import { deliveryBadge, WEBHOOKS_TEXT } from '../logic/webhooks';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatTime = (iso: string | null) => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : timeFormat.format(date);
};

export interface WebhookDeliveriesDialogProps {
  formId: string;
  webhook: Webhook;
  /** The row's URL, naming which webhook the button opens. */
  describedBy: string;
}

/** A webhook's delivery log, newest first, ten a page, with 'Send again' on each delivery. */
export function WebhookDeliveriesDialog({ formId, webhook, describedBy }: WebhookDeliveriesDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-describedby={describedBy}>
          {WEBHOOKS_TEXT.deliveries}
        </Button>
      </DialogTrigger>
      {open ? <DeliveriesContent formId={formId} webhook={webhook} /> : null}
    </Dialog>
  );
}

function DeliveriesContent({ formId, webhook }: { formId: string; webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const queryKey = ['webhook-deliveries', formId, webhook.id, page];
  const deliveries = useQuery({
    queryKey,
    queryFn: () => listWebhookDeliveries(formId, webhook.id, page),
    placeholderData: keepPreviousData,
    // Retries and first attempts land while the log is open.
    refetchInterval: 5_000,
  });
  const replay = useMutation({
    mutationFn: (delivery: WebhookDelivery) => replayWebhookDelivery(formId, webhook.id, delivery.id),
    onSuccess: () => {
      toast.success(WEBHOOKS_TEXT.replayed);
      void queryClient.invalidateQueries({ queryKey: ['webhook-deliveries', formId, webhook.id] });
    },
    onError: (error) => toast.error(serverMessageOr(error, WEBHOOKS_TEXT.replayFailed)),
  });

  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      id: 'when',
      header: 'Received',
      isRowHeader: true,
      className: 'whitespace-nowrap font-medium text-slate-900',
      cell: (delivery) => <time dateTime={delivery.createdAt}>{formatTime(delivery.createdAt)}</time>,
    },
    {
      id: 'state',
      header: 'State',
      className: 'whitespace-nowrap',
      cell: (delivery) => {
        const badge = deliveryBadge(delivery);
        return (
          <div className="space-y-1">
            <Badge variant={badge.variant} dot>
              {badge.label}
            </Badge>
            <p className="text-slate-500 text-xs">
              {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
              {delivery.state === 'pending' && delivery.nextAttemptAt && delivery.lastError
                ? ` · next ${formatTime(delivery.nextAttemptAt)}`
                : ''}
            </p>
          </div>
        );
      },
    },
    {
      id: 'last',
      header: 'Last answer',
      className: 'text-slate-600',
      cell: (delivery) =>
        delivery.lastError ? (
          <span className="line-clamp-2 break-all text-xs" title={delivery.lastError}>
            {delivery.lastError}
          </span>
        ) : delivery.lastStatus ? (
          `HTTP ${delivery.lastStatus}`
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'w-px whitespace-nowrap',
      stickyEnd: true,
      cell: (delivery) => (
        <Button
          variant="ghost"
          size="sm"
          disabled={replay.isPending && replay.variables?.id === delivery.id}
          onClick={() => replay.mutate(delivery)}
        >
          <RefreshIcon className="size-4" />
          {WEBHOOKS_TEXT.replay}
        </Button>
      ),
    },
  ];

  const data = deliveries.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <DialogContent title={WEBHOOKS_TEXT.deliveriesTitle} description={webhook.url} size="lg">
      <DialogBody>
        {deliveries.isError && data ? (
          // A failed refresh keeps the rows last loaded in view, and says so.
          <div
            role="alert"
            className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900 text-sm"
          >
            {WEBHOOKS_TEXT.deliveriesStale}
            <Button variant="secondary" size="sm" onClick={() => deliveries.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        <DataTable
          label="Webhook deliveries"
          caption={`Deliveries to ${webhook.url}, newest first`}
          columns={columns}
          rows={data?.items ?? []}
          getRowId={(delivery) => delivery.id}
          // A page asked for and not yet here shows as loading, not as the previous page's rows.
          loading={deliveries.isPending || deliveries.isPlaceholderData}
          error={
            deliveries.isError && !data ? (
              <div role="alert" className="flex flex-col items-center gap-3 py-6 text-red-800 text-sm">
                {serverMessageOr(deliveries.error, WEBHOOKS_TEXT.deliveriesFailed)}
                <Button variant="secondary" size="sm" onClick={() => deliveries.refetch()}>
                  Retry
                </Button>
              </div>
            ) : undefined
          }
          emptyState={
            <p className="px-4 py-8 text-center text-slate-500 text-sm">{WEBHOOKS_TEXT.deliveriesEmpty}</p>
          }
          tableClassName="min-w-[30rem]"
        />
      </DialogBody>
      <DialogFooter className="items-center justify-between">
        <p className="text-slate-600 text-sm" aria-live="polite">
          {data
            ? `${data.total} ${data.total === 1 ? 'delivery' : 'deliveries'} · page ${data.page} of ${pages}`
            : ''}
        </p>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </div>
      </DialogFooter>
    </DialogContent>
  );
}
