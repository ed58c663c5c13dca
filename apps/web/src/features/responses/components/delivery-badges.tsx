import type { ResponseDelivery } from '@sheetforms/contract';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MailIcon, RefreshIcon, SendIcon } from '@/components/ui/icons';
import { SimpleTooltip } from '@/components/ui/tooltip';
import { getErrorMessage } from '@/lib/api-client';
import { useRetryDelivery } from '../api/retry-delivery';
import { DELIVERY_TEXT, deliveryView } from '../logic/deliveries';

export interface DeliveryBadgesProps {
  formId: string;
  deliveries: readonly ResponseDelivery[] | undefined;
  /** Also writes each reason out (the drawer), not only in the tooltip. */
  showDetail?: boolean;
}

/**
 * Where a response went besides the sheet (issue 24): the owner's e-mail and each webhook, with its
 * state; a failed or retrying one offers Retry, which sends it again now with the same id.
 */
export function DeliveryBadges({ formId, deliveries, showDetail = false }: DeliveryBadgesProps) {
  const retry = useRetryDelivery(formId);
  if (!deliveries || deliveries.length === 0) return null;

  const onRetry = (delivery: ResponseDelivery) => {
    retry.mutate(delivery.id, {
      onSuccess: () => toast.success(DELIVERY_TEXT.retryQueued),
      onError: (error) => toast.error(getErrorMessage(error, DELIVERY_TEXT.retryFailed)),
    });
  };

  return (
    <ul className="flex flex-col items-start gap-1" data-testid="deliveries">
      {deliveries.map((delivery) => {
        const view = deliveryView(delivery);
        const Icon = delivery.destination === 'webhook' ? SendIcon : MailIcon;
        return (
          <li key={delivery.id} className="flex flex-wrap items-center gap-1.5">
            <SimpleTooltip content={view.detail}>
              <button
                type="button"
                className="rounded-full focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:outline-offset-2"
              >
                <Badge variant={view.variant}>
                  <Icon aria-hidden="true" className="size-3" />
                  <span className="max-w-40 truncate">{delivery.label}</span>
                  <span aria-hidden="true">·</span>
                  {view.state}
                </Badge>
                <span className="sr-only">: {view.detail}</span>
              </button>
            </SimpleTooltip>
            {view.canRetry ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onRetry(delivery)}
                isLoading={retry.isPending && retry.variables === delivery.id}
                className="px-2 py-0.5 text-xs"
              >
                <RefreshIcon className="size-3.5" />
                Retry <span className="sr-only">{delivery.label}</span>
              </Button>
            ) : null}
            {showDetail && delivery.state !== 'delivered' ? (
              <p className="w-full break-words text-slate-600 text-sm">{view.detail}</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
