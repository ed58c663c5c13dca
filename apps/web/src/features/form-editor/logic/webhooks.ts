import type { WebhookDelivery } from '@sheetforms/contract';
import type { BadgeVariant } from '@/components/ui/badge';

export const WEBHOOKS_TEXT = {
  title: 'Webhooks',
  description: 'Each new response is sent, signed, to these addresses (another app, Zapier, your server).',
  urlLabel: 'Endpoint URL',
  urlPlaceholder: 'https://example.com/hooks/sheetforms',
  add: 'Add Webhook',
  added: 'Webhook added',
  addFailed: 'The webhook could not be added',
  removed: 'Webhook removed',
  removeFailed: 'The webhook could not be removed',
  toggleFailed: 'The webhook could not be changed',
  loadFailed: 'Webhooks could not be loaded',
  emptyTitle: 'No webhooks yet',
  emptyText: 'Add an endpoint to send each new response to another service as it arrives.',
  secretTitle: 'Signing secret',
  secretText:
    'Copy it now: it is shown only this once. Check the X-SheetForms-Signature header of each delivery with it.',
  copy: 'Copy',
  copied: 'Copied',
  dismiss: 'Done',
  deliveries: 'Deliveries',
  deliveriesTitle: 'Deliveries',
  deliveriesEmpty: 'No deliveries yet: they appear here as responses arrive.',
  deliveriesFailed: 'Deliveries could not be loaded',
  deliveriesStale: 'The deliveries could not be refreshed: showing the last ones loaded.',
  replay: 'Send again',
  replayed: 'Queued to send again',
  replayFailed: 'The delivery could not be queued again',
  remove: 'Remove',
} as const;

export const DELIVERY_STATE_LABELS: Record<WebhookDelivery['state'], string> = {
  pending: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** A delivery's badge: a pending one that has not been tried yet is 'Queued', not 'Retrying'. */
export function deliveryBadge(delivery: WebhookDelivery): { label: string; variant: BadgeVariant } {
  if (delivery.state === 'delivered') return { label: DELIVERY_STATE_LABELS.delivered, variant: 'success' };
  if (delivery.state === 'failed') return { label: DELIVERY_STATE_LABELS.failed, variant: 'danger' };
  return delivery.attempts === 0 || !delivery.lastError
    ? { label: 'Queued', variant: 'info' }
    : { label: DELIVERY_STATE_LABELS.pending, variant: 'warning' };
}
