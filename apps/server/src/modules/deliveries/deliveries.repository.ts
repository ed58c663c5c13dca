import { randomUUID } from 'node:crypto';
import type { DeliveryDestination, DeliveryState } from '@sheetforms/contract';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { createGroupCommit } from '../../db/group-commit.js';
import type { Database, DeliveriesTable } from '../../db/schema.js';
import type { SqliteWriterThread } from '../../db/sqlite-writer-thread.js';
import type { ResponseDeliveryRow } from '../responses/response-deliveries.js';
import { createResponseIdGenerator } from '../submissions/response-id.js';
import { digestKeyWindows, digestPeriodOfKey } from './owner-digest.js';

export type DeliveryRow = Selectable<DeliveriesTable>;

/** A response whose deliveries are to be planned, with what decides them. */
export interface ResponseToPlan {
  responseId: string;
  formRowId: string;
  createdAt: string;
  answersJson: string;
  fieldsJson: string;
  settingsJson: string;
  /** The form's enabled webhooks. */
  webhookIds: string[];
}

/** One destination a planned response goes to. */
export interface PlannedDelivery {
  responseId: string;
  formRowId: string;
  destination: DeliveryDestination;
  webhookId?: string;
  /** A receipt's address, and the mailbox it reaches (receipt-mailbox.ts), under which receipts are counted. */
  recipient?: string;
  mailbox?: string;
  /** A digest's period: its key (one per form and period) and when it is due. */
  digest?: { key: string; dueAt: string };
}

/** What a claimed delivery needs to be sent. */
export interface DeliveryContext {
  delivery: DeliveryRow;
  response: { id: string; createdAt: string; answersJson: string; respondentEmail: string | null };
  form: {
    id: string;
    formId: string;
    ownerId: string;
    name: string;
    ownerEmail: string | undefined;
    settingsJson: string;
  };
  webhook?: { id: string; url: string; secret: string; enabled: boolean };
}

export type Settlement =
  | { kind: 'delivered'; status?: number }
  | { kind: 'retry'; at: string; status?: number; error: string }
  | { kind: 'failed'; status?: number; error: string };

/** Deliveries inserted by one statement (14 bound values each, well under either database's limit). */
const PLAN_INSERT_ROWS = 500;

const destinationKey = (planned: PlannedDelivery) =>
  planned.destination === 'webhook'
    ? `webhook:${planned.webhookId}`
    : (planned.digest?.key ?? planned.destination);

interface SettleRow {
  id: string;
  claimToken: string;
  state: DeliveryState;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** One settlement on the SQLite writer thread; the same meaning as settleOne below. */
const SQLITE_SETTLE = `UPDATE deliveries SET state = ?, lease_until = NULL, claim_token = NULL, last_status = ?,
last_error = ?, next_attempt_at = COALESCE(?, next_attempt_at), delivered_at = COALESCE(?, delivered_at)
WHERE id = ? AND claim_token = ?`;

/** The last error as kept: one line, at most 500 characters. */
export const keptError = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

/**
 * The deliveries outbox (migration 0018). Every write is one statement, so it runs on the SQLite writer
 * thread as a whole (decision 0027) and needs no transaction on either database:
 * - planning inserts each (response, destination) once (unique; ON CONFLICT DO NOTHING), then clears the
 *   responses' flag: a crash between the two plans again and adds nothing;
 * - a claim takes due, unleased rows and stamps them with a lease and a token in one UPDATE whose WHERE is
 *   checked again per row, so two instances never claim the same row;
 * - a settlement counts only for the claim token it names: a claim whose lease ran out (the instance
 *   stalled) cannot overwrite the newer claim's outcome.
 */
export function createDeliveriesRepository(
  db: Kysely<Database>,
  /** On a SQLite file, settlements go to the writer thread as one prepared batch. */
  options: { sqliteWriter?: SqliteWriterThread | undefined } = {},
) {
  const nextId = createResponseIdGenerator();
  const { sqliteWriter } = options;
  const settleOne = async (item: SettleRow) => {
    const result = await db
      .updateTable('deliveries')
      .set((eb) => ({
        state: item.state,
        lease_until: null,
        claim_token: null,
        last_status: item.lastStatus,
        last_error: item.lastError,
        next_attempt_at: item.nextAttemptAt ?? eb.ref('next_attempt_at'),
        delivered_at: item.deliveredAt ?? eb.ref('delivered_at'),
      }))
      .where('id', '=', item.id)
      .where('claim_token', '=', item.claimToken)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  };
  const settlements = createGroupCommit<SettleRow, boolean>({
    maxBatch: 200,
    isItemFailure: () => false,
    flushBatch: sqliteWriter
      ? async (items) => {
          const outcomes = await sqliteWriter.executeBatch(
            SQLITE_SETTLE,
            items.map((item) => [
              item.state,
              item.lastStatus,
              item.lastError,
              item.nextAttemptAt,
              item.deliveredAt,
              item.id,
              item.claimToken,
            ]),
          );
          return outcomes.map((outcome) => 'changes' in outcome && outcome.changes === 1);
        }
      : (items) => Promise.all(items.map(settleOne)),
  });

  return {
    /** Responses stored since their deliveries were last planned, oldest first. */
    async responsesToPlan(limit: number): Promise<ResponseToPlan[]> {
      const rows = await db
        .selectFrom('responses')
        .select(['id as responseId', 'form_id as formRowId', 'created_at', 'answers_json'])
        .where('plan_deliveries', '=', 1)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      // Each form's fields and settings once, not once per response: a batch is usually hundreds of one
      // form's responses, and a join copied its fields' JSON into every row (garbage under load).
      const formRowIds = [...new Set(rows.map((row) => row.formRowId))];
      const forms = new Map(
        (
          await db
            .selectFrom('forms')
            .select(['id', 'fields_json', 'settings_json'])
            .where('id', 'in', formRowIds)
            .execute()
        ).map((form) => [form.id, form]),
      );
      const hooks = await db
        .selectFrom('webhooks')
        .select(['id', 'form_id'])
        .where('form_id', 'in', formRowIds)
        .where('enabled', '=', 1)
        .orderBy('created_at')
        .execute();
      const webhookIdsOf = new Map(
        formRowIds.map((formRowId) => [
          formRowId,
          hooks.filter((hook) => hook.form_id === formRowId).map((hook) => hook.id),
        ]),
      );
      // A response whose form is gone (deleted since) has nothing to plan: its rows go with the form.
      return rows.flatMap((row) => {
        const form = forms.get(row.formRowId);
        if (!form) return [];
        return [
          {
            responseId: row.responseId,
            formRowId: row.formRowId,
            createdAt: row.created_at,
            answersJson: row.answers_json,
            fieldsJson: form.fields_json,
            settingsJson: form.settings_json,
            webhookIds: webhookIdsOf.get(row.formRowId) ?? [],
          },
        ];
      });
    },

    /**
     * Adds each planned delivery once, then marks its responses planned (those with none too). A digest is
     * one per form and period: the first response of the period adds it, the others find it there.
     */
    async plan(responseIds: readonly string[], planned: readonly PlannedDelivery[], now: string) {
      const seenDigests = new Set<string>();
      const unique = planned.filter((item) => {
        if (!item.digest) return true;
        const key = `${item.formRowId} ${item.digest.key}`;
        if (seenDigests.has(key)) return false;
        seenDigests.add(key);
        return true;
      });
      // In statements of at most PLAN_INSERT_ROWS rows: a batch of 200 responses to a form with ten webhooks,
      // owner mail and receipts is 2,400 rows, and at 14 values a row one statement passed SQLite's limit
      // of 32,766 bound values; planning then failed on every round and no instance sent anything.
      for (let start = 0; start < unique.length; start += PLAN_INSERT_ROWS) {
        await db
          .insertInto('deliveries')
          .values(
            unique.slice(start, start + PLAN_INSERT_ROWS).map((item) => ({
              id: nextId(),
              response_id: item.responseId,
              form_id: item.formRowId,
              destination: item.destination,
              destination_key: destinationKey(item),
              webhook_id: item.webhookId ?? null,
              recipient: item.recipient ?? null,
              mailbox: item.mailbox ?? null,
              next_attempt_at: item.digest?.dueAt ?? now,
              lease_until: null,
              claim_token: null,
              last_status: null,
              last_error: null,
              created_at: now,
              delivered_at: null,
            })),
          )
          // Either unique constraint: (response, destination), or a digest's (form, period).
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      if (responseIds.length > 0) {
        await db
          .updateTable('responses')
          .set({ plan_deliveries: 0 })
          .where('id', 'in', [...responseIds])
          .execute();
      }
    },

    /**
     * Claims due deliveries for a lease, each attempt counted: up to `limit` sends, where a send is one mail
     * or up to `perWebhook` deliveries of one webhook, oldest first (sent one after another), and none of
     * what this instance is still sending (`skipDestinations`: webhook keys, and the ids of mails, which a
     * lease that ran out would otherwise hand back to the instance sending them). An owner takes at most
     * `perOwner` sends, counting those `ownerBusy` says this instance has under way for them. Answers the
     * claimed rows with their token. The UPDATE checks each row again, so of two instances claiming at once
     * each row goes to one.
     *
     * The due rows are read in windows of `limit × perWebhook`, oldest first, at most `limit + 1` of them
     * (a bound on the rows one claim reads, on the main thread on SQLite). A webhook being sent or already
     * given its `perWebhook` is left out of the next windows in SQL: one window used to be all a claim read,
     * so one webhook with that many older deliveries (a receiver that never answers, its backlog growing)
     * filled it, and every other owner's mails and webhooks waited behind it. Owners at their share are
     * skipped here, not in SQL: an owner is most often the only one with anything due, and leaving them out
     * in SQL made every window walk their whole backlog to find nothing.
     *
     * Residual cost: the rows of a left-out webhook are still walked by the index (due time order), so a
     * claim behind one webhook's due backlog costs in proportion to it (about 40 ms for 100,000 rows). A
     * failing receiver's deliveries wait for their retry (not due meanwhile) and fail after a day, which
     * bounds that backlog to what a receiver that never answers accumulates in a day.
     */
    async claim(options: {
      now: string;
      leaseUntil: string;
      limit: number;
      perWebhook: number;
      skipDestinations: readonly string[];
      perOwner?: number;
      ownerBusy?: ReadonlyMap<string, number>;
    }): Promise<DeliveryRow[]> {
      const { now, leaseUntil, limit, perWebhook } = options;
      const perOwner = options.perOwner ?? limit;
      const unleased = (eb: ExpressionBuilder<Database, 'deliveries'>) =>
        eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]);
      const skipped = new Set(options.skipDestinations);
      const skippedMails = options.skipDestinations.filter((key) => !key.startsWith('webhook:'));
      // Left out of every later window: webhooks being sent or given their share, owners at theirs.
      const fullHooks = new Set(options.skipDestinations.filter((key) => key.startsWith('webhook:')));
      const ownerSends = new Map(options.ownerBusy ?? []);
      const fullOwners = new Set([...ownerSends].filter(([, sends]) => sends >= perOwner).map(([id]) => id));
      const perHook = new Map<string, number>();
      const chosen: string[] = [];
      const windowSize = limit * perWebhook;
      let sends = 0;
      let after: { at: string; id: string } | undefined;
      for (let window = 0; window <= limit && sends < limit; window++) {
        const rows = await db
          .selectFrom('deliveries')
          .innerJoin('forms', 'forms.id', 'deliveries.form_id')
          .select([
            'deliveries.id',
            'deliveries.destination_key',
            'deliveries.next_attempt_at',
            'forms.owner_id',
          ])
          .where('deliveries.state', '=', 'pending')
          .where('deliveries.next_attempt_at', '<=', now)
          .where((eb) =>
            eb.or([eb('deliveries.lease_until', 'is', null), eb('deliveries.lease_until', '<=', now)]),
          )
          .$if(after !== undefined, (query) =>
            query.where((eb) => {
              const { at, id } = after as { at: string; id: string };
              // The plain `>=` lets the due index seek to the window's start; the OR alone made SQLite walk
              // the due rows from the first one again for every window.
              return eb.and([
                eb('deliveries.next_attempt_at', '>=', at),
                eb.or([eb('deliveries.next_attempt_at', '>', at), eb('deliveries.id', '>', id)]),
              ]);
            }),
          )
          .$if(fullHooks.size > 0, (query) =>
            query.where('deliveries.destination_key', 'not in', [...fullHooks]),
          )
          .$if(skippedMails.length > 0, (query) => query.where('deliveries.id', 'not in', skippedMails))
          .orderBy('deliveries.next_attempt_at')
          .orderBy('deliveries.id')
          .limit(windowSize)
          .execute();
        for (const row of rows) {
          const key = row.destination_key;
          const owner = row.owner_id;
          if (!key.startsWith('webhook:')) {
            // A mail: a send of its own (mails go to a mail server, which takes many at once).
            if (sends >= limit || skipped.has(row.id) || fullOwners.has(owner)) continue;
          } else {
            // A webhook takes its deliveries one at a time, in order, so a slow receiver is not flooded.
            if (fullHooks.has(key)) continue;
            const taken = perHook.get(key) ?? 0;
            if (taken > 0) {
              perHook.set(key, taken + 1);
              if (taken + 1 >= perWebhook) fullHooks.add(key);
              chosen.push(row.id);
              continue;
            }
            if (sends >= limit || fullOwners.has(owner)) continue;
            perHook.set(key, 1);
            if (perWebhook <= 1) fullHooks.add(key);
          }
          sends++;
          chosen.push(row.id);
          const ownerCount = (ownerSends.get(owner) ?? 0) + 1;
          ownerSends.set(owner, ownerCount);
          if (ownerCount >= perOwner) fullOwners.add(owner);
        }
        const last = rows.at(-1);
        if (rows.length < windowSize || !last) break;
        after = { at: last.next_attempt_at, id: last.id };
      }
      if (chosen.length === 0) return [];
      return db
        .updateTable('deliveries')
        .set((eb) => ({
          lease_until: leaseUntil,
          claim_token: randomUUID(),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', chosen)
        .where('state', '=', 'pending')
        .where(unleased)
        .returningAll()
        .execute();
    },

    /** The response, form, owner and webhook each claimed delivery needs. */
    async contexts(deliveries: readonly DeliveryRow[]): Promise<DeliveryContext[]> {
      if (deliveries.length === 0) return [];
      const responses = await db
        .selectFrom('responses')
        .innerJoin('forms', 'forms.id', 'responses.form_id')
        .leftJoin('users', 'users.id', 'forms.owner_id')
        .select([
          'responses.id',
          'responses.created_at',
          'responses.answers_json',
          'responses.respondent_email',
          'forms.id as form_row_id',
          'forms.form_id',
          'forms.owner_id',
          'forms.name',
          'forms.settings_json',
          'users.email as owner_email',
        ])
        .where('responses.id', 'in', [...new Set(deliveries.map((d) => d.response_id))])
        .execute();
      const hookIds = [...new Set(deliveries.flatMap((d) => (d.webhook_id ? [d.webhook_id] : [])))];
      const hooks =
        hookIds.length > 0
          ? await db
              .selectFrom('webhooks')
              .select(['id', 'url', 'secret', 'enabled'])
              .where('id', 'in', hookIds)
              .execute()
          : [];
      return deliveries.flatMap((delivery) => {
        const response = responses.find((row) => row.id === delivery.response_id);
        if (!response) return [];
        const hook = hooks.find((row) => row.id === delivery.webhook_id);
        return [
          {
            delivery,
            response: {
              id: response.id,
              createdAt: response.created_at,
              answersJson: response.answers_json,
              respondentEmail: response.respondent_email,
            },
            form: {
              id: response.form_row_id,
              formId: response.form_id,
              ownerId: response.owner_id,
              name: response.name,
              ownerEmail: response.owner_email ?? undefined,
              settingsJson: response.settings_json,
            },
            ...(hook
              ? { webhook: { id: hook.id, url: hook.url, secret: hook.secret, enabled: hook.enabled === 1 } }
              : {}),
          },
        ];
      });
    },

    /**
     * Records an attempt's outcome, if the claim still holds the delivery; answers whether it did.
     * Outcomes arriving together share one transaction (db/group-commit.ts): one disk flush for a batch of
     * sends, not one each, so deliveries do not crowd out the submissions' own commits.
     */
    settle(delivery: Pick<DeliveryRow, 'id' | 'claim_token'>, outcome: Settlement, now: string) {
      const state: DeliveryState =
        outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'failed' ? 'failed' : 'pending';
      return settlements.write({
        id: delivery.id,
        claimToken: delivery.claim_token ?? '',
        state,
        lastStatus: outcome.status ?? null,
        lastError: outcome.kind === 'delivered' ? null : keptError(outcome.error),
        nextAttemptAt: outcome.kind === 'retry' ? outcome.at : null,
        deliveredAt: outcome.kind === 'delivered' ? now : null,
      });
    },

    /**
     * The deliveries of these responses of one form, with each webhook's address, oldest first; a digest
     * is listed with every response of its period.
     */
    async forResponses(
      formRowId: string,
      responses: readonly { id: string; createdAt: string }[],
    ): Promise<ResponseDeliveryRow[]> {
      if (responses.length === 0) return [];
      const columns = [
        'deliveries.id',
        'deliveries.response_id',
        'deliveries.destination',
        'deliveries.destination_key',
        'deliveries.state',
        'deliveries.attempts',
        'deliveries.last_error',
        'deliveries.next_attempt_at',
        'deliveries.recipient',
        'webhooks.url',
      ] as const;
      const windows = digestKeyWindows(responses.map((response) => Date.parse(response.createdAt)));
      const [own, digests] = await Promise.all([
        db
          .selectFrom('deliveries')
          .leftJoin('webhooks', 'webhooks.id', 'deliveries.webhook_id')
          .select(columns)
          .where(
            'deliveries.response_id',
            'in',
            responses.map((response) => response.id),
          )
          .where('deliveries.destination', '!=', 'owner-digest')
          .orderBy('deliveries.created_at')
          .orderBy('deliveries.id')
          .execute(),
        db
          .selectFrom('deliveries')
          .leftJoin('webhooks', 'webhooks.id', 'deliveries.webhook_id')
          .select(columns)
          .where('deliveries.form_id', '=', formRowId)
          .where('deliveries.destination', '=', 'owner-digest')
          .where((eb) =>
            eb.or(
              windows.map(({ from, until }) =>
                eb.and([
                  eb('deliveries.destination_key', '>=', from),
                  eb('deliveries.destination_key', '<', until),
                ]),
              ),
            ),
          )
          .execute(),
      ]);
      // Each digest's period read once from its key, then compared as text (ISO times sort as they run).
      const periods = digests.flatMap((digest) => {
        const period = digestPeriodOfKey(digest.destination_key);
        return period ? [{ digest, period }] : [];
      });
      const covering = responses.flatMap((response) =>
        periods
          .filter(({ period }) => period.start <= response.createdAt && response.createdAt < period.end)
          .map(({ digest }) => ({ ...digest, response_id: response.id })),
      );
      return [...covering, ...own];
    },

    /**
     * Receipts that count against a mailbox's hourly share when `self` is about to be sent: those
     * delivered to it (under any spelling of its address, receipt-mailbox.ts) since `since`, and those being sent right now (claimed, their lease running) that
     * were planned before `self` (delivery ids are UUIDv7, in the order planned). Counting only the ones
     * delivered let every receipt claimed together pass (16 an instance, seen by a review); counting every
     * one in flight would refuse them all. In order, the first ones within the share go, on any instance.
     */
    async receiptsCountedBefore(
      mailbox: string,
      self: { id: string },
      since: string,
      now: string,
    ): Promise<number> {
      const row = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.countAll<number | string>().as('sent'))
        .where('mailbox', '=', mailbox)
        .where('destination', '=', 'respondent-receipt')
        .where((eb) =>
          eb.or([
            eb('delivered_at', '>=', since),
            eb.and([eb('state', '=', 'pending'), eb('lease_until', '>', now), eb('id', '<', self.id)]),
          ]),
        )
        .executeTakeFirst();
      return Number(row?.sent ?? 0);
    },

    /** A digest's responses: how many the period has, and the first `limit` of them, oldest first. */
    async digestResponses(formRowId: string, period: { start: string; end: string }, limit: number) {
      const inPeriod = db
        .selectFrom('responses')
        .where('form_id', '=', formRowId)
        .where('created_at', '>=', period.start)
        .where('created_at', '<', period.end);
      const [items, count] = await Promise.all([
        inPeriod
          .select(['created_at', 'answers_json', 'respondent_email'])
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .execute(),
        inPeriod.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirst(),
      ]);
      return { items, total: Number(count?.total ?? 0) };
    },

    /**
     * Queues a delivery again, now, with the same id: Retry on the Responses page (any delivery of the form)
     * and a webhook's Send again (its own deliveries). A delivery being sent right now (its lease still
     * runs) is left as it is and answered: the send under way is the one asked for. Queued again, it would
     * be claimed at once and sent a second time beside it, and the first send's outcome, its claim token
     * gone, would be dropped from the log. A lease that ran out (its instance died) does not hold it.
     * Undefined when no such delivery exists in the scope.
     */
    async queueAgain(
      deliveryId: string,
      scope: { formRowId: string } | { webhookId: string },
      now: string,
    ): Promise<DeliveryRow | undefined> {
      const inScope = (eb: ExpressionBuilder<Database, 'deliveries'>) =>
        'formRowId' in scope ? eb('form_id', '=', scope.formRowId) : eb('webhook_id', '=', scope.webhookId);
      const queued = await db
        .updateTable('deliveries')
        .set({
          state: 'pending',
          next_attempt_at: now,
          lease_until: null,
          claim_token: null,
          delivered_at: null,
        })
        .where('id', '=', deliveryId)
        .where(inScope)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst();
      if (queued) return queued;
      return db
        .selectFrom('deliveries')
        .selectAll()
        .where('id', '=', deliveryId)
        .where(inScope)
        .executeTakeFirst();
    },

    /**
     * Per form of the owner: deliveries retrying after a failed attempt and failed for good, with the
     * latest failure's reason (Manage Forms). A digest waiting for its period to end is neither.
     */
    async healthForOwner(ownerId: string) {
      const counts = await db
        .selectFrom('deliveries')
        .innerJoin('forms', 'forms.id', 'deliveries.form_id')
        .select((eb) => [
          'forms.id as formRowId',
          'forms.form_id as formId',
          'deliveries.state',
          eb.fn.countAll<number | string>().as('count'),
        ])
        .where('forms.owner_id', '=', ownerId)
        .where((eb) =>
          eb.or([
            eb('deliveries.state', '=', 'failed'),
            eb.and([eb('deliveries.state', '=', 'pending'), eb('deliveries.last_error', 'is not', null)]),
          ]),
        )
        .groupBy(['forms.id', 'forms.form_id', 'deliveries.state'])
        .execute();
      const failedForms = [
        ...new Set(counts.filter((row) => row.state === 'failed').map((row) => row.formRowId)),
      ];
      const reasons = await Promise.all(
        failedForms.map((formRowId) =>
          db
            .selectFrom('deliveries')
            .select(['form_id', 'last_error'])
            .where('form_id', '=', formRowId)
            .where('state', '=', 'failed')
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst(),
        ),
      );
      const health: Record<string, { retrying: number; failed: number; lastError: string | null }> = {};
      for (const row of counts) {
        const entry = health[row.formId] ?? { retrying: 0, failed: 0, lastError: null };
        health[row.formId] = entry;
        if (row.state === 'failed') {
          entry.failed = Number(row.count);
          entry.lastError = reasons.find((reason) => reason?.form_id === row.formRowId)?.last_error ?? null;
        } else entry.retrying = Number(row.count);
      }
      return health;
    },

    /** Queues every failed delivery of a form again, now, each with its own id; answers how many. */
    async queueFailedAgain(formRowId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('deliveries')
        .set({ state: 'pending', next_attempt_at: now, lease_until: null, claim_token: null })
        .where('form_id', '=', formRowId)
        .where('state', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** A webhook's deliveries, newest first. */
    async pageForWebhook(webhookId: string, page: number, limit: number) {
      const [items, count] = await Promise.all([
        db
          .selectFrom('deliveries')
          .selectAll()
          .where('webhook_id', '=', webhookId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('deliveries')
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .where('webhook_id', '=', webhookId)
          .executeTakeFirst(),
      ]);
      return { items, total: Number(count?.total ?? 0) };
    },
  };
}
export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
