import { z } from 'zod';

/**
 * Deliveries (issue 24): every stored response is delivered to each place its form names, through one
 * durable outbox. The sheet has its own state on the response (sync state); e-mails to the owner and
 * webhooks are deliveries, each with its own state, attempts and backoff.
 */
export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * Where a delivery goes: the form owner's mailbox (one mail per response, or a digest of an hour's or a
 * day's responses), the respondent's mailbox (a receipt), or one webhook of the form.
 */
export const DELIVERY_DESTINATIONS = [
  'owner-email',
  'owner-digest',
  'respondent-receipt',
  'webhook',
] as const;
export type DeliveryDestination = (typeof DELIVERY_DESTINATIONS)[number];

export const WEBHOOK_EVENTS = ['response.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  /** Webhooks per form. */
  perForm: 10,
  urlMaxLength: 2048,
  /** A receiver has this long to answer 2xx. */
  timeoutMs: 10_000,
  /** Retries stop this long after the response was stored; the delivery is then failed. */
  retryForMs: 24 * 60 * 60 * 1000,
  /** The most of a receiver's answer that is read (and kept, cut to 500 characters, as the last error). */
  responseReadBytes: 4096,
} as const;

export const WEBHOOK_MESSAGES = {
  invalidUrl: 'Enter an http:// or https:// address',
  tooMany: `A form can have at most ${WEBHOOK_LIMITS.perForm} webhooks`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
} as const;

const WebhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_LIMITS.urlMaxLength)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username;
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.invalidUrl);

/** POST /forms/{formId}/webhooks. */
export const CreateWebhookBodySchema = z.object({
  url: WebhookUrlSchema,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(1).default(['response.created']),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBodySchema>;

/** PATCH /forms/{formId}/webhooks/{webhookId}. */
export const UpdateWebhookBodySchema = z.object({ enabled: z.boolean() });
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the server turned it off (a 410 Gone from the receiver); null when the owner did, or it is on. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer to creating a webhook: the signing secret, shown this once. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  responseId: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** When the next attempt is due; null once delivered or failed. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const WebhookDeliveryPageSchema = z.object({
  items: z.array(WebhookDeliverySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

/** The JSON body each webhook delivery POSTs. */
export interface WebhookPayload {
  /** The delivery id, the same on every retry and replay (also the X-SheetForms-Delivery header). */
  id: string;
  event: WebhookEvent;
  createdAt: string;
  form: { id: string; name: string };
  response: {
    id: string;
    createdAt: string;
    answers: Record<string, string>;
    respondent?: string;
  };
}

export const WEBHOOK_HEADERS = {
  delivery: 'X-SheetForms-Delivery',
  signature: 'X-SheetForms-Signature',
  event: 'X-SheetForms-Event',
} as const;

/** One destination of one response, as the Responses page shows it beside the sheet's state. */
export const ResponseDeliverySchema = z.object({
  id: z.string(),
  destination: z.enum(DELIVERY_DESTINATIONS),
  /** 'Email to you', or the webhook's host. */
  label: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type ResponseDelivery = z.infer<typeof ResponseDeliverySchema>;

export const OWNER_EMAIL_LABEL = 'Email to you';
export const OWNER_DIGEST_LABEL = 'Digest to you';
export const RECEIPT_LABEL = 'Receipt to respondent';

export const RECEIPT_LIMITS = {
  /** Receipts one address receives in an hour, from every form on the server: no one is mail-bombed. */
  perAddressPerHour: 5,
} as const;

/**
 * GET /forms/delivery-counts: per form (by formId), its deliveries other than the sheet that are being
 * retried after a failed attempt, those that failed for good, and the latest failure's reason. Forms with
 * neither are absent.
 */
export const FormDeliveryCountsSchema = z.record(
  z.string(),
  z.object({
    retrying: z.number().int(),
    failed: z.number().int(),
    lastError: z.string().nullable(),
  }),
);
export type FormDeliveryCounts = z.infer<typeof FormDeliveryCountsSchema>;

/** POST /forms/{formId}/deliveries/retry-failed. */
export const RetryDeliveriesResultSchema = z.object({ retried: z.number().int() });
export type RetryDeliveriesResult = z.infer<typeof RetryDeliveriesResultSchema>;

export const retriedDeliveriesText = (retried: number) =>
  retried === 1 ? '1 delivery queued to send again' : `${retried} deliveries queued to send again`;
