import type { ResponseDelivery } from '@sheetforms/contract';
import type { BadgeVariant } from '@/components/ui/badge';

export const DELIVERY_TEXT = {
  retryQueued: 'Queued to send again',
  retryFailed: 'It could not be queued again',
} as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A delivery as its badge shows it: the state in a word, and a sentence with the reason or the next try. */
export function deliveryView(
  delivery: ResponseDelivery,
  now = new Date(),
): {
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
  const next = delivery.nextAttemptAt ? new Date(delivery.nextAttemptAt) : undefined;
  if (!delivery.lastError) {
    // A digest waits for its hour or day to end before it is sent.
    if (delivery.destination === 'owner-digest' && next && next.getTime() > now.getTime()) {
      return {
        state: 'Scheduled',
        variant: 'info',
        detail: `${delivery.label}: sent with the digest at ${timeFormat.format(next)}`,
        canRetry: false,
      };
    }
    return { state: 'Queued', variant: 'info', detail: `${delivery.label}: being sent`, canRetry: false };
  }
  const when = next && !Number.isNaN(next.getTime()) ? `, next try ${timeFormat.format(next)}` : '';
  return {
    state: 'Retrying',
    variant: 'warning',
    detail: `${delivery.label}: ${delivery.lastError}${when}`,
    canRetry: true,
  };
}
