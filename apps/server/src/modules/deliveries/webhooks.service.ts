import { randomUUID } from 'node:crypto';
import {
  type CreatedWebhook,
  type CreateWebhookBodySchema,
  type FormDeliveryCounts,
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEvent,
} from '@sheetforms/contract';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database, WebhooksTable } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/http-error.js';
import type { FormsService } from '../forms/forms.service.js';
import type { DeliveriesRepository, DeliveryRow } from './deliveries.repository.js';
import { newWebhookSecret } from './webhook-signature.js';

type WebhookRow = Selectable<WebhooksTable>;

function eventsOf(json: string): WebhookEvent[] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (Array.isArray(parsed)) return parsed.filter((e): e is WebhookEvent => WEBHOOK_EVENTS.includes(e));
  } catch {
    // stored by this module; never unparsable in practice
  }
  return ['response.created'];
}

const toWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: eventsOf(row.events_json),
  enabled: row.enabled === 1,
  disabledReason: row.disabled_reason,
  createdAt: row.created_at,
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  responseId: row.response_id,
  state: row.state,
  attempts: row.attempts,
  lastStatus: row.last_status,
  lastError: row.last_error,
  nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
  createdAt: row.created_at,
  deliveredAt: row.delivered_at,
});

export interface WebhooksServiceDeps {
  db: Kysely<Database>;
  /** 404 unless the caller owns the form. */
  forms: Pick<FormsService, 'requireOwned'>;
  deliveries: Pick<
    DeliveriesRepository,
    'pageForWebhook' | 'queueAgain' | 'healthForOwner' | 'queueFailedAgain'
  >;
  /** A replayed delivery is due now: wake the worker. */
  onReplay?: () => void;
  /**
   * The form's enabled webhooks changed (one added, turned on or off, removed): every instance reloads the
   * form, whose responses are stored with or without deliveries to plan (LoadedForm.enabledWebhooks).
   */
  onWebhooksChanged?: (formId: string) => void;
  now?: () => Date;
}

/**
 * A form's webhooks (issue 24): created with a secret shown once, listed, turned on and off, removed; each
 * one's delivery log, and replays. Every route answers 404 for a form (or webhook) the caller does not
 * own, as for any other form resource.
 */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db } = deps;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();

  async function requireHook(ownerId: string, formId: string, webhookId: string) {
    const form = await deps.forms.requireOwned(ownerId, formId);
    const row = await db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', webhookId)
      .where('form_id', '=', form.id)
      .executeTakeFirst();
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  return {
    async create(
      ownerId: string,
      formId: string,
      body: z.output<typeof CreateWebhookBodySchema>,
    ): Promise<CreatedWebhook> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      const count = await db
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('form_id', '=', form.id)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= WEBHOOK_LIMITS.perForm)
        throw new HttpError(409, 'TOO_MANY_WEBHOOKS', WEBHOOK_MESSAGES.tooMany);
      const at = now();
      const row: WebhookRow = {
        id: randomUUID(),
        form_id: form.id,
        url: body.url,
        secret: newWebhookSecret(),
        events_json: JSON.stringify(body.events),
        enabled: 1,
        disabled_reason: null,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('webhooks').values(row).execute();
      deps.onWebhooksChanged?.(formId);
      return { ...toWebhook(row), secret: row.secret };
    },

    async list(ownerId: string, formId: string): Promise<Webhook[]> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      const rows = await db
        .selectFrom('webhooks')
        .selectAll()
        .where('form_id', '=', form.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toWebhook);
    },

    async setEnabled(ownerId: string, formId: string, webhookId: string, enabled: boolean): Promise<Webhook> {
      const row = await requireHook(ownerId, formId, webhookId);
      const changes = { enabled: enabled ? 1 : 0, disabled_reason: null, updated_at: now() };
      await db.updateTable('webhooks').set(changes).where('id', '=', row.id).execute();
      deps.onWebhooksChanged?.(formId);
      return toWebhook({ ...row, ...changes });
    },

    /** Removes the webhook and its delivery log (foreign keys cascade). */
    async remove(ownerId: string, formId: string, webhookId: string): Promise<void> {
      const row = await requireHook(ownerId, formId, webhookId);
      await db.deleteFrom('deliveries').where('webhook_id', '=', row.id).execute();
      await db.deleteFrom('webhooks').where('id', '=', row.id).execute();
      deps.onWebhooksChanged?.(formId);
    },

    async deliveries(
      ownerId: string,
      formId: string,
      webhookId: string,
      page: number,
      limit: number,
    ): Promise<WebhookDeliveryPage> {
      const row = await requireHook(ownerId, formId, webhookId);
      const found = await deps.deliveries.pageForWebhook(row.id, page, limit);
      return { items: found.items.map(toDelivery), page, limit, total: found.total };
    },

    async replay(
      ownerId: string,
      formId: string,
      webhookId: string,
      deliveryId: string,
    ): Promise<WebhookDelivery> {
      const row = await requireHook(ownerId, formId, webhookId);
      const replayed = await deps.deliveries.queueAgain(deliveryId, { webhookId: row.id }, now());
      if (!replayed) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      deps.onReplay?.();
      return toDelivery(replayed);
    },

    /** Retry on the Responses page: any delivery of the owner's form, queued again now, same id. */
    async retryDelivery(ownerId: string, formId: string, deliveryId: string): Promise<void> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      const queued = await deps.deliveries.queueAgain(deliveryId, { formRowId: form.id }, now());
      if (!queued) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      deps.onReplay?.();
    },

    /** Manage Forms: per form of the owner, deliveries retrying and failed (the sheet has its own counts). */
    health(ownerId: string): Promise<FormDeliveryCounts> {
      return deps.deliveries.healthForOwner(ownerId);
    },

    /** Manage Forms' Retry: every failed delivery of the owner's form queued again, each with its id. */
    async retryFailed(ownerId: string, formId: string): Promise<number> {
      const form = await deps.forms.requireOwned(ownerId, formId);
      const retried = await deps.deliveries.queueFailedAgain(form.id, now());
      if (retried > 0) deps.onReplay?.();
      return retried;
    },

    /** The worker's: a receiver answered 410 Gone. */
    async disable(webhookId: string, reason: string): Promise<void> {
      const form = await db
        .selectFrom('webhooks')
        .innerJoin('forms', 'forms.id', 'webhooks.form_id')
        .select('forms.form_id')
        .where('webhooks.id', '=', webhookId)
        .executeTakeFirst();
      await db
        .updateTable('webhooks')
        .set({ enabled: 0, disabled_reason: reason, updated_at: now() })
        .where('id', '=', webhookId)
        .execute();
      // Turned off by the worker (a 410), like an owner's change: the form's copies are reloaded.
      if (form) deps.onWebhooksChanged?.(form.form_id);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
