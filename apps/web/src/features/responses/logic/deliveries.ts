import type { ResponseDelivery } from '@sheetforms/contract';
import type { BadgeVariant } from '@/components/ui/badge';

export const DELIVERY_TEXT = {
  retryQueued: 'Queued to send again',
  retryFailed: 'It could not be queued again',
} as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A delivery as its badge shows it: the state in a word, and a sentence with the reason or the next try. */
export function deliveryView(delivery: ResponseDelivery): {
  state: string;
  variant: BadgeVariant;
  detail: string;
  canRetry: boolean;
} {
  if (delivery.state === 'delivered') {
    return { state: 'Sent', variant: 'success', detail: `${delivery.label}: sent`, canRetry: false };
  }
  if (delivery.state === 'failed') {
    return {
      state: 'Failed',
      variant: 'danger',
      detail: `${delivery.label}: failed${delivery.lastError ? ` (${delivery.lastError})` : ''}`,
      canRetry: true,
    };
  }
  if (!delivery.lastError) {
    return { state: 'Queued', variant: 'info', detail: `${delivery.label}: being sent`, canRetry: false };
  }
  const next = delivery.nextAttemptAt ? new Date(delivery.nextAttemptAt) : undefined;
  const when = next && !Number.isNaN(next.getTime()) ? `, next try ${timeFormat.format(next)}` : '';
  return {
    state: 'Retrying',
    variant: 'warning',
    detail: `${delivery.label}: ${delivery.lastError}${when}`,
    canRetry: true,
  };
}
