import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, type WebhookPayload } from '@sheetforms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { settingsFromJson } from '../forms/form-settings.js';
import type { SmtpMailer } from '../mail/smtp-mailer.js';
import { answersFromJson } from '../responses/response-serializers.js';
import { type BackoffPolicy, backoffDelayMs } from '../sheet-sync/backoff.js';
import type {
  DeliveriesRepository,
  DeliveryContext,
  PlannedDelivery,
  Settlement,
} from './deliveries.repository.js';
import { ownerNotification } from './owner-email.js';
import { postWebhook } from './webhook-sender.js';
import { signWebhook } from './webhook-signature.js';

/** Retries: full jitter from 30 s (the first retry within 30 s), doubling, at most an hour apart. */
export const DELIVERY_BACKOFF: BackoffPolicy = { baseMs: 30_000, factor: 2, capMs: 60 * 60_000 };

/** Owner mail goes through SMTP, or (local mode without SMTP_URL) to the log, so it can be seen offline. */
export type OwnerMail = { mailer: SmtpMailer; from: string } | { logOnly: true };

export interface DeliveriesWorkerDeps {
  repository: DeliveriesRepository;
  /** Turns a webhook off for good (its receiver answered 410 Gone). */
  disableWebhook(webhookId: string, reason: string): Promise<void>;
  /** Undefined: owner notifications are not planned (no SMTP_URL in Google mode). */
  ownerMail: OwnerMail | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
  allowPrivateWebhooks: boolean;
  pollMs: number;
  /** Deliveries in flight at once on this instance (each destination at most one of them). */
  concurrency?: number;
  leaseMs?: number;
  now?: () => Date;
  random?: () => number;
  post?: typeof postWebhook;
}

const PLAN_BATCH = 200;
/** Deliveries of one webhook claimed together and sent one after another (the lease covers them all). */
const PER_WEBHOOK = 10;

/**
 * Delivers stored responses to their destinations beside the sheet (issue 24, decision 0028): plans each
 * new response's deliveries, claims due ones under a lease, sends them, records each outcome. Sends run
 * side by side; a webhook's go one after another, so a slow receiver holds up only its own deliveries. After a
 * crash the leases run out and any instance sends the deliveries again, with the same delivery id (the
 * webhook's X-SheetForms-Delivery, the mail's Message-ID): at least once, and recognisably the same.
 */
export function createDeliveriesWorker(deps: DeliveriesWorkerDeps) {
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const post = deps.post ?? postWebhook;
  const concurrency = deps.concurrency ?? 16;
  const leaseMs = deps.leaseMs ?? PER_WEBHOOK * WEBHOOK_LIMITS.timeoutMs + 30_000;
  const messageIdDomain = new URL(deps.publicUrl).hostname || 'sheetforms';
  const inFlight = new Map<string, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking: Promise<void> | undefined;
  let again = false;

  function destinationsOf(item: Awaited<ReturnType<DeliveriesRepository['responsesToPlan']>>[number]) {
    const planned: PlannedDelivery[] = [];
    if (deps.ownerMail && settingsFromJson(item.settingsJson).notifyOwner === 1) {
      planned.push({ responseId: item.responseId, formRowId: item.formRowId, destination: 'owner-email' });
    }
    for (const webhookId of item.webhookIds) {
      planned.push({
        responseId: item.responseId,
        formRowId: item.formRowId,
        destination: 'webhook',
        webhookId,
      });
    }
    return planned;
  }

  async function planNew(): Promise<void> {
    for (let round = 0; round < 10; round++) {
      const batch = await deps.repository.responsesToPlan(PLAN_BATCH);
      if (batch.length === 0) return;
      await deps.repository.plan(
        batch.map((item) => item.responseId),
        batch.flatMap(destinationsOf),
        now().toISOString(),
      );
      if (batch.length < PLAN_BATCH) return;
    }
  }

  function retryOrFail(context: DeliveryContext, attempt: { status?: number; error: string }): Settlement {
    const at = now().getTime() + backoffDelayMs(context.delivery.attempts, random, DELIVERY_BACKOFF);
    const deadline = Date.parse(context.delivery.created_at) + WEBHOOK_LIMITS.retryForMs;
    return at > deadline
      ? { kind: 'failed', ...attempt }
      : { kind: 'retry', at: new Date(at).toISOString(), ...attempt };
  }

  async function sendOwnerMail(context: DeliveryContext): Promise<Settlement> {
    const { delivery, form, response } = context;
    if (!deps.ownerMail) return { kind: 'failed', error: 'E-mail is not set up on this server (SMTP_URL)' };
    if (!form.ownerEmail) return { kind: 'failed', error: 'The form owner has no e-mail address' };
    const message = ownerNotification({
      deliveryId: delivery.id,
      from: 'mailer' in deps.ownerMail ? deps.ownerMail.from : 'SheetForms',
      to: form.ownerEmail,
      formName: form.name,
      responsesUrl: `${deps.publicUrl}/dashboard/responses?formId=${encodeURIComponent(form.formId)}`,
      createdAt: response.createdAt,
      answers: answersFromJson(response.answersJson),
      respondent: response.respondentEmail,
      messageIdDomain,
    });
    if (!('mailer' in deps.ownerMail)) {
      deps.log.info(
        {
          delivery: delivery.id,
          to: message.to,
          subject: message.subject,
          messageId: message.messageId,
          text: message.text,
        },
        'owner e-mail logged, not sent: SMTP_URL is not set (local mode)',
      );
      return { kind: 'delivered' };
    }
    try {
      await deps.ownerMail.mailer.send(message);
      return { kind: 'delivered' };
    } catch (error) {
      return retryOrFail(context, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  async function sendWebhook(context: DeliveryContext): Promise<Settlement> {
    const { delivery, form, response, webhook } = context;
    if (!webhook) return { kind: 'failed', error: 'The webhook was removed' };
    if (!webhook.enabled) return { kind: 'failed', error: 'The webhook is turned off' };
    const payload: WebhookPayload = {
      id: delivery.id,
      event: 'response.created',
      createdAt: delivery.created_at,
      form: { id: form.formId, name: form.name },
      response: {
        id: response.id,
        createdAt: response.createdAt,
        answers: answersFromJson(response.answersJson),
        ...(response.respondentEmail ? { respondent: response.respondentEmail } : {}),
      },
    };
    const body = JSON.stringify(payload);
    const attempt = await post({
      url: webhook.url,
      body,
      allowPrivate: deps.allowPrivateWebhooks,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'SheetForms-Webhooks/1.0',
        [WEBHOOK_HEADERS.delivery]: delivery.id,
        [WEBHOOK_HEADERS.event]: 'response.created',
        [WEBHOOK_HEADERS.signature]: signWebhook(webhook.secret, body, Math.floor(now().getTime() / 1000)),
      },
    });
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      return { kind: 'delivered', status: attempt.status };
    }
    if (attempt.status === 410) {
      await deps.disableWebhook(webhook.id, 'The receiver answered 410 Gone');
      return { kind: 'failed', status: 410, error: attempt.error ?? 'HTTP 410' };
    }
    return retryOrFail(context, {
      ...(attempt.status !== undefined ? { status: attempt.status } : {}),
      error: attempt.error ?? 'No answer',
    });
  }

  async function deliver(context: DeliveryContext): Promise<void> {
    let outcome: Settlement;
    try {
      outcome =
        context.delivery.destination === 'webhook'
          ? await sendWebhook(context)
          : await sendOwnerMail(context);
    } catch (error) {
      outcome = retryOrFail(context, { error: error instanceof Error ? error.message : String(error) });
    }
    const kept = await deps.repository.settle(context.delivery, outcome, now().toISOString());
    if (!kept)
      deps.log.warn({ delivery: context.delivery.id }, 'delivery outcome dropped: its lease had run out');
    else if (outcome.kind === 'failed') {
      deps.log.warn({ delivery: context.delivery.id, error: outcome.error }, 'delivery failed for good');
    }
  }

  async function tick(): Promise<void> {
    await planNew();
    const room = concurrency - inFlight.size;
    if (room <= 0) return;
    const at = now();
    const claimed = await deps.repository.claim({
      now: at.toISOString(),
      leaseUntil: new Date(at.getTime() + leaseMs).toISOString(),
      limit: room,
      perWebhook: PER_WEBHOOK,
      skipDestinations: [...inFlight.keys()].filter((key) => key.startsWith('webhook:')),
    });
    // One send per mail; one per webhook, its deliveries one after another in the order claimed.
    const sends = new Map<string, DeliveryContext[]>();
    for (const context of await deps.repository.contexts(claimed)) {
      const { delivery } = context;
      const key = delivery.destination === 'webhook' ? delivery.destination_key : delivery.id;
      sends.set(key, [...(sends.get(key) ?? []), context]);
    }
    for (const [key, contexts] of sends) {
      const sending = (async () => {
        for (const context of contexts) await deliver(context);
      })()
        .catch((error) => deps.log.error({ err: error, destination: key }, 'delivery crashed'))
        .finally(() => {
          inFlight.delete(key);
          // A slot came free: look for more at once.
          wake();
        });
      inFlight.set(key, sending);
    }
    if (sends.size === room) again = true;
  }

  /** When the next tick is due; a later request never postpones it (submissions arrive all the time). */
  let dueAt = Number.POSITIVE_INFINITY;
  function schedule(delayMs: number) {
    if (!running) return;
    const at = Date.now() + delayMs;
    if (timer && at >= dueAt) return;
    clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      dueAt = Number.POSITIVE_INFINITY;
      run();
    }, delayMs);
    timer.unref?.();
  }

  function run() {
    if (ticking) {
      again = true;
      return;
    }
    ticking = tick()
      .catch((error) => deps.log.error({ err: error }, 'delivery worker tick failed'))
      .finally(() => {
        ticking = undefined;
        const soon = again;
        again = false;
        schedule(soon ? 0 : deps.pollMs);
      });
  }

  function wake() {
    schedule(0);
  }

  return {
    start() {
      if (running) return;
      running = true;
      wake();
    },
    /** A response was stored: plan and send soon rather than at the next poll. */
    notify() {
      if (running) schedule(50);
    },
    /** One round, for tests: plans, claims and waits for every send it started. */
    async runOnce() {
      await tick();
      await Promise.all(inFlight.values());
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await ticking;
      await Promise.all(inFlight.values());
    },
  };
}
export type DeliveriesWorker = ReturnType<typeof createDeliveriesWorker>;
