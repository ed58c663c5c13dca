import {
  type DeliveryDestination,
  type FormSettings,
  ownValue,
  RECEIPT_LIMITS,
  WEBHOOK_HEADERS,
  WEBHOOK_LIMITS,
  type WebhookPayload,
} from '@sheetforms/contract';
import type { FastifyBaseLogger } from 'fastify';
import { digestZoneOf } from '../forms/digest-settings.js';
import { fieldsFromJson } from '../forms/form-serializers.js';
import { settingsFromJson } from '../forms/form-settings.js';
import type { MailMessage, SmtpMailer } from '../mail/smtp-mailer.js';
import { answersFromJson } from '../responses/response-serializers.js';
import { type BackoffPolicy, backoffDelayMs } from '../sheet-sync/backoff.js';
import type {
  DeliveriesRepository,
  DeliveryContext,
  PlannedDelivery,
  ResponseToPlan,
  Settlement,
} from './deliveries.repository.js';
import { DEFAULT_LEASE_MS, WEBHOOK_SENDS_PER_CLAIM } from './lease-budget.js';
import { answerRows } from './mail-answers.js';
import {
  DIGEST_GRACE_MS,
  DIGEST_SHOWN,
  digestPeriodOf,
  digestPeriodOfKey,
  ownerDigest,
} from './owner-digest.js';
import { ownerNotification } from './owner-email.js';
import { receiptMailbox } from './receipt-mailbox.js';
import type { ReceiptPdf } from './receipt-pdf.js';
import { receiptAddress, respondentReceipt } from './respondent-receipt.js';
import { postWebhook } from './webhook-sender.js';
import { signWebhook } from './webhook-signature.js';

/** Retries: full jitter from 30 s (the first retry within 30 s), doubling, at most an hour apart. */
export const DELIVERY_BACKOFF: BackoffPolicy = { baseMs: 30_000, factor: 2, capMs: 60 * 60_000 };

/** Mail goes through SMTP, or (local mode without SMTP_URL) to the log, so it can be seen offline. */
export type DeliveryMail = { mailer: SmtpMailer; from: string } | { logOnly: true };

const HOUR_MS = 60 * 60_000;

export interface DeliveriesWorkerDeps {
  repository: DeliveriesRepository;
  /** Turns a webhook off for good (its receiver answered 410 Gone). */
  disableWebhook(webhookId: string, reason: string): Promise<void>;
  /** Undefined: no mail is planned, to the owner or to respondents (no SMTP_URL in Google mode). */
  mail: DeliveryMail | undefined;
  /** A receipt's PDF, rendered by the one bounded renderer. */
  receiptPdf?: ReceiptPdf;
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

/**
 * Delivers stored responses to their destinations beside the sheet (issue 24, decision 0028): plans each
 * new response's deliveries, claims due ones under a lease, sends them, records each outcome. Sends run
 * side by side; a webhook's go one after another, so a slow receiver holds up only its own deliveries (a claim
 * looks past a webhook's backlog, and an owner never takes the last quarter of the slots). After a
 * crash the leases run out and any instance sends the deliveries again, with the same delivery id (the
 * webhook's X-SheetForms-Delivery, the mail's Message-ID): at least once, and recognisably the same.
 */
export function createDeliveriesWorker(deps: DeliveriesWorkerDeps) {
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const post = deps.post ?? postWebhook;
  const concurrency = deps.concurrency ?? 16;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const messageIdDomain = new URL(deps.publicUrl).hostname || 'sheetforms';
  const inFlight = new Map<string, Promise<void>>();
  /** The owner of each send in `inFlight`, by the same key. */
  const inFlightOwners = new Map<string, string>();
  // An owner's sends may take three quarters of the slots, never the last quarter: a receiver of theirs
  // that never answers holds a slot for up to ten 10 s calls, and other owners' mails and webhooks still
  // go out beside it. One owner alone still has most of the instance.
  const perOwner = Math.max(1, Math.floor((concurrency * 3) / 4));
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let ticking: Promise<void> | undefined;
  let again = false;

  /**
   * Where one response goes, from its form's settings and webhooks as they are now. `settingsOf` reads
   * the settings JSON (one parse per form and batch: under load a batch holds many responses of a form).
   */
  function destinationsOf(
    item: ResponseToPlan,
    settingsOf: (json: string) => FormSettings,
  ): PlannedDelivery[] {
    const base = { responseId: item.responseId, formRowId: item.formRowId };
    const planned: PlannedDelivery[] = [];
    // Without mail only webhooks are planned, and they do not depend on the settings.
    const settings = deps.mail ? settingsOf(item.settingsJson) : undefined;
    if (deps.mail && settings?.notifyOwner === 1) {
      const digest = settings.ownerDigest ?? 'instant';
      if (digest === 'instant') planned.push({ ...base, destination: 'owner-email' });
      else {
        const period = digestPeriodOf(item.createdAt, digest, digestZoneOf(settings));
        const dueAt = new Date(Date.parse(period.end) + DIGEST_GRACE_MS).toISOString();
        planned.push({ ...base, destination: 'owner-digest', digest: { key: period.key, dueAt } });
      }
    }
    const receipt = settings?.respondentReceipt;
    if (deps.mail && receipt?.enabled) {
      // Only the answer the respondent typed into the chosen email field: never any other address, nor
      // anything an object inherits when that field is labelled 'constructor' (read by own keys only).
      const field = fieldsFromJson(item.fieldsJson).find(
        (candidate) =>
          candidate.id === receipt.emailFieldId && candidate.type === 'email' && !candidate.isRemoved,
      );
      const recipient = field && receiptAddress(ownValue(answersFromJson(item.answersJson), field.label));
      if (recipient)
        planned.push({
          ...base,
          destination: 'respondent-receipt',
          recipient,
          mailbox: receiptMailbox(recipient),
        });
    }
    for (const webhookId of item.webhookIds) planned.push({ ...base, destination: 'webhook', webhookId });
    return planned;
  }

  async function planNew(): Promise<void> {
    for (let round = 0; round < 10; round++) {
      const batch = await deps.repository.responsesToPlan(PLAN_BATCH);
      if (batch.length === 0) return;
      const parsed = new Map<string, FormSettings>();
      const settingsOf = (json: string) => {
        const known = parsed.get(json);
        if (known) return known;
        const settings = settingsFromJson(json);
        parsed.set(json, settings);
        return settings;
      };
      await deps.repository.plan(
        batch.map((item) => item.responseId),
        batch.flatMap((item) => destinationsOf(item, settingsOf)),
        now().toISOString(),
      );
      if (batch.length < PLAN_BATCH) return;
    }
  }

  function retryOrFail(context: DeliveryContext, attempt: { status?: number; error: string }): Settlement {
    const at = now().getTime() + backoffDelayMs(context.delivery.attempts, random, DELIVERY_BACKOFF);
    const deadline = firstDueMs(context.delivery) + WEBHOOK_LIMITS.retryForMs;
    return at > deadline
      ? { kind: 'failed', ...attempt }
      : { kind: 'retry', at: new Date(at).toISOString(), ...attempt };
  }

  /**
   * When a delivery was first due, from which its retries are counted: when it was planned, except for a
   * digest, planned at its period's first response and first due only after the period (and its grace)
   * ends, a day or more later for a daily one. Counted from the planning, a daily digest whose first send
   * failed had no retry left.
   */
  function firstDueMs(delivery: DeliveryContext['delivery']): number {
    const planned = Date.parse(delivery.created_at);
    if (delivery.destination !== 'owner-digest') return planned;
    const period = digestPeriodOfKey(delivery.destination_key);
    return period ? Math.max(planned, Date.parse(period.end) + DIGEST_GRACE_MS) : planned;
  }

  /** Sends (or, in local mode without SMTP_URL, logs) one mail; a failed send is retried. */
  async function sendMail(context: DeliveryContext, message: MailMessage): Promise<Settlement> {
    if (!deps.mail) return { kind: 'failed', error: 'E-mail is not set up on this server (SMTP_URL)' };
    if (!('mailer' in deps.mail)) {
      deps.log.info(
        {
          delivery: context.delivery.id,
          destination: context.delivery.destination,
          to: message.to,
          subject: message.subject,
          messageId: message.messageId,
          attachments: message.attachments?.map((file) => file.filename),
          text: message.text,
        },
        'e-mail logged, not sent: SMTP_URL is not set (local mode)',
      );
      return { kind: 'delivered' };
    }
    try {
      await deps.mail.mailer.send(message);
      return { kind: 'delivered' };
    } catch (error) {
      return retryOrFail(context, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  const mailFrom = () => (deps.mail && 'mailer' in deps.mail ? deps.mail.from : 'SheetForms');
  const responsesUrl = (formId: string) =>
    `${deps.publicUrl}/dashboard/responses?formId=${encodeURIComponent(formId)}`;

  async function sendOwnerMail(context: DeliveryContext): Promise<Settlement> {
    const { delivery, form, response } = context;
    if (!form.ownerEmail) return { kind: 'failed', error: 'The form owner has no e-mail address' };
    return sendMail(
      context,
      ownerNotification({
        deliveryId: delivery.id,
        from: mailFrom(),
        to: form.ownerEmail,
        formName: form.name,
        responsesUrl: responsesUrl(form.formId),
        createdAt: response.createdAt,
        answers: answersFromJson(response.answersJson),
        respondent: response.respondentEmail,
        messageIdDomain,
      }),
    );
  }

  /** The period's responses in one mail, sent once the period (and a grace for late planning) is over. */
  async function sendOwnerDigest(context: DeliveryContext): Promise<Settlement> {
    const { delivery, form } = context;
    const period = digestPeriodOfKey(delivery.destination_key);
    if (!period) return { kind: 'failed', error: 'Not a digest period' };
    if (!form.ownerEmail) return { kind: 'failed', error: 'The form owner has no e-mail address' };
    const { items, total } = await deps.repository.digestResponses(form.id, period, DIGEST_SHOWN);
    if (total === 0) return { kind: 'failed', error: "The period's responses were deleted" };
    return sendMail(
      context,
      ownerDigest({
        deliveryId: delivery.id,
        from: mailFrom(),
        to: form.ownerEmail,
        formName: form.name,
        period,
        total,
        responses: items.map((row) => ({
          createdAt: row.created_at,
          rows: answerRows(answersFromJson(row.answers_json), row.respondent_email),
        })),
        responsesUrl: responsesUrl(form.formId),
        messageIdDomain,
      }),
    );
  }

  /**
   * The respondent's copy, with the chosen template's PDF. At most RECEIPT_LIMITS.perAddressPerHour reach
   * one address in an hour (from every form): a form cannot be used to flood someone's mailbox.
   */
  async function sendReceipt(context: DeliveryContext): Promise<Settlement> {
    const { delivery, form, response } = context;
    const to = delivery.recipient;
    if (!to) return { kind: 'failed', error: 'The response has no address for a receipt' };
    const at = now();
    const since = new Date(at.getTime() - HOUR_MS).toISOString();
    // Counted by the mailbox the address reaches: ann+1@ and ann+2@ share ann@'s share.
    const mailbox = receiptMailbox(to);
    const sent = await deps.repository.receiptsCountedBefore(mailbox, delivery, since, at.toISOString());
    if (sent >= RECEIPT_LIMITS.perAddressPerHour) {
      return {
        kind: 'failed',
        error: `Not sent: this address already received ${sent} receipts in the last hour`,
      };
    }
    const templateId = settingsFromJson(form.settingsJson).respondentReceipt?.templateId;
    const pdf =
      templateId && deps.receiptPdf
        ? await deps.receiptPdf({
            ownerId: form.ownerId,
            formId: form.formId,
            responseId: response.id,
            templateId,
          })
        : undefined;
    return sendMail(
      context,
      respondentReceipt({
        deliveryId: delivery.id,
        from: mailFrom(),
        to,
        formName: form.name,
        createdAt: response.createdAt,
        answers: answersFromJson(response.answersJson),
        messageIdDomain,
        pdf,
      }),
    );
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
        // The record as read, never copied into a plain object (where a '__proto__' answer would set the
        // prototype): JSON.stringify writes its '__proto__' key like any other.
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

  const SENDERS: Record<DeliveryDestination, (context: DeliveryContext) => Promise<Settlement>> = {
    'owner-email': sendOwnerMail,
    'owner-digest': sendOwnerDigest,
    'respondent-receipt': sendReceipt,
    webhook: sendWebhook,
  };

  async function deliver(context: DeliveryContext): Promise<void> {
    let outcome: Settlement;
    try {
      outcome = await SENDERS[context.delivery.destination](context);
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
    const ownerBusy = new Map<string, number>();
    for (const owner of inFlightOwners.values()) ownerBusy.set(owner, (ownerBusy.get(owner) ?? 0) + 1);
    const claimed = await deps.repository.claim({
      now: at.toISOString(),
      leaseUntil: new Date(at.getTime() + leaseMs).toISOString(),
      limit: room,
      perWebhook: WEBHOOK_SENDS_PER_CLAIM,
      // Nothing this instance is still sending: a webhook's deliveries go one after another, and a mail
      // slower than its lease (a timeout set above it) is not claimed again beside itself.
      skipDestinations: [...inFlight.keys()],
      perOwner,
      ownerBusy,
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
          inFlightOwners.delete(key);
          // A slot came free: look for more at once.
          wake();
        });
      inFlight.set(key, sending);
      inFlightOwners.set(key, (contexts[0] as DeliveryContext).form.ownerId);
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
