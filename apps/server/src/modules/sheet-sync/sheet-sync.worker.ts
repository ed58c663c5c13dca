import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { GoogleReplyTooLargeError } from '../../google/google-http.js';
import { type BackoffPolicy, backoffDelayMs, classifySheetError, DEFAULT_BACKOFF } from './backoff.js';
import { assembleBatches, DEFAULT_MAX_ROWS_PER_APPEND, type SheetBatch } from './batch.js';
import { type EditAccessDecision, gateEditAccess } from './edit-access-gate.js';
import { SlidingWindowBudget, SpreadsheetPacer } from './pacing.js';
import { createSheetSyncRepository } from './sheet-sync.repository.js';
import { HEADER_ROW_MAX_BYTES, SheetStepError, type SheetWriterClient, writeBatch } from './sheet-writer.js';

/** The pino-like logger the worker writes to. */
export interface SheetSyncLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SheetSyncWorkerOptions {
  db: Kysely<Database>;
  /** Which SQL dialect `db` speaks (claims lock rows on PostgreSQL). */
  dialect: DatabaseKind;
  sheets: SheetWriterClient;
  log: SheetSyncLogger;
  /** The email owners must share their spreadsheets with (the service account's), for 403 messages. */
  shareWithEmail?: (() => Promise<string | undefined>) | undefined;
  /**
   * The owner-access check, asked fresh, before the first write to a binding whose owner's edit access
   * has not been proven (decision 0022): the sync never writes into a spreadsheet its form's owner may
   * only view. Left out, bindings are not checked (worker tests that are about something else).
   */
  editAccess?: ((ownerId: string, spreadsheetId: string) => Promise<EditAccessDecision>) | undefined;
  /** How long responses held for want of edit access wait before it is checked again (5 minutes). */
  editAccessRecheckMs?: number;
  now?: () => Date;
  random?: () => number;
  /** A claim lasts this long; a crashed worker's claim returns after it. */
  leaseMs?: number;
  /** Idle wait between polls when there is nothing to do. */
  pollMs?: number;
  /**
   * The shortest wait after a round that wrote nothing, which no notify can cut short. A claim scans the
   * backlog; under a burst every stored response wakes the loop, and while the only spreadsheets with
   * pending rows are being paced each of those claims would find nothing (200 ms by default).
   */
  idleClaimGapMs?: number;
  /** At most one write per spreadsheet in this interval. */
  perSpreadsheetMinIntervalMs?: number;
  /** Responses claimed per round. */
  batchSize?: number;
  /** Rows per append. */
  maxRowsPerAppend?: number;
  /** Google's per-user quotas; the service account is one user for every customer. */
  writesPerMinute?: number;
  readsPerMinute?: number;
  backoff?: BackoffPolicy;
  /**
   * After an append that got no answer, the retry waits at least this long before it reads the Response ID
   * column: the unanswered request may still be running at Google and land after a check made too early,
   * which would then append the rows a second time. Default: a minute (the app uses at least twice the
   * Google client's timeout). A write that lands later still than this is the one case left that can
   * duplicate a row; nothing can rule it out without an idempotent append at Google.
   */
  ambiguousSettleMs?: number;
  /** IANA zone of the Timestamp column (default UTC). */
  timeZone?: string | undefined;
  /**
   * Tries a response gets for failures worth repeating (Google down, a tab renamed mid-write) before it
   * is marked failed for the owner to retry (default 20: with the default backoff's full jitter about 8
   * minutes on average, at most 15). Quota answers (429) never count toward it.
   */
  maxAttempts?: number;
  /** Identifies this instance in claims (default: a random id). */
  workerId?: string;
  /**
   * How often the map of forms with work is re-read from the database (responses stored by another
   * instance, or whose notify was lost). Each re-read costs one index probe per form, never a scan of the
   * queue (default 15 s).
   */
  rebuildEveryMs?: number;
}

/**
 * A write Google refused for good (a 400 on a tab found by its id a moment before), in words the owner
 * can act on. Only the wording looks at Google's message; the decision not to repeat it does not.
 */
export function refusalInWords(message: string): string {
  if (/protected/i.test(message)) {
    return 'A protected range or sheet stops SheetForms from writing. Let the service account edit it (Data > Protect sheets and ranges in Google Sheets), then retry the failed responses.';
  }
  if (/limit of [\d,.]+ cells|cells? limit|10[,.]?000[,.]?000 cells/i.test(message)) {
    return "The spreadsheet has reached Google's limit of 10 million cells. Delete unused rows, columns or sheets, or link the form to another spreadsheet, then retry the failed responses.";
  }
  if (/50[,.]?000 characters/i.test(message)) {
    return 'An answer is longer than the 50,000 characters one Google Sheets cell holds. Shorten it in the responses, then retry the failed responses.';
  }
  const said = /[.!?]$/.test(message) ? message : `${message}.`;
  return `Google refused the write: ${said} Fix the spreadsheet, then retry the failed responses.`;
}

/** A batch's lease ran out, or part of its claim was taken over: it stops before its next Google call. */
class ClaimLostError extends Error {
  constructor(readonly held: string[]) {
    super('The claim on the batch was lost');
    this.name = 'ClaimLostError';
  }
}

export interface RunSummary {
  claimed: number;
  synced: number;
  /** Found in the sheet already after an unanswered append: marked synced, not written again. */
  alreadyPresent: number;
  retried: number;
  failed: number;
  /** Claimed but given back untried (pacing, budget, per-append cap). */
  released: number;
}

export interface SheetSyncWorker {
  readonly workerId: string;
  /** Starts the polling loop (idempotent). */
  start(): void;
  /**
   * Stops polling; resolves once the round in progress has finished and every claim of this worker is
   * given back (no claim is left half-done).
   */
  stop(): Promise<void>;
  /** One round: claim, write each spreadsheet's batch, settle. For tests and the loop. */
  runOnce(): Promise<RunSummary>;
  /**
   * Wakes the loop now: right after a response of `formRowId` was stored, or, without a form, after
   * responses were put back in the queue (the worker then re-reads which forms have work).
   */
  notify(formRowId?: string): void;
}

/**
 * The durable sheet-sync worker: claims pending responses with a lease, batches them per spreadsheet
 * and sheet, and appends each batch once, paced per spreadsheet and within Google's per-user quota.
 */
export function createSheetSyncWorker(options: SheetSyncWorkerOptions): SheetSyncWorker {
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const leaseMs = options.leaseMs ?? 60_000;
  const pollMs = options.pollMs ?? 500;
  const idleClaimGapMs = Math.min(options.idleClaimGapMs ?? 200, pollMs);
  const batchSize = options.batchSize ?? 500;
  const maxRows = options.maxRowsPerAppend ?? DEFAULT_MAX_ROWS_PER_APPEND;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const ambiguousSettleMs = options.ambiguousSettleMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 20;
  const rebuildEveryMs = options.rebuildEveryMs ?? 15_000;
  const editAccessRecheckMs = options.editAccessRecheckMs ?? 5 * 60_000;
  /**
   * Forms with work, in the order it arrived, and when each may be claimed next. Claims read only these
   * forms' queue heads, so a claim costs the same with 100 or 100,000 responses waiting.
   */
  const work = new Map<string, number>();
  let rebuiltAt = Number.NEGATIVE_INFINITY;
  const workerId = options.workerId ?? `sheet-sync-${randomUUID()}`;
  const { log } = options;
  const repo = createSheetSyncRepository(options.db, options.dialect);
  const pacer = new SpreadsheetPacer(options.perSpreadsheetMinIntervalMs ?? 1_000);
  const writes = new SlidingWindowBudget(options.writesPerMinute ?? 60);
  const reads = new SlidingWindowBudget(options.readsPerMinute ?? 60);
  /** After a 429 every write waits: the quota is shared by all spreadsheets. */
  let coolDownUntil = 0;
  /**
   * Quota answers (429) in a row, on any spreadsheet: their backoff grows with this, not with a response's
   * attempts (which they do not count), since the quota is the whole service account's. A batch written
   * resets it.
   */
  let quotaStreak = 0;

  const nowMs = () => now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let current: Promise<RunSummary> | undefined;
  /**
   * Set by notify, cleared just before a round claims: a notify that comes while a round runs (after its
   * claim looked, so the round cannot have seen that response) must not be forgotten when the round ends,
   * or the response waits a whole poll.
   */
  let notifiedSinceClaim = false;

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  /**
   * Waits for the read or write budget. `keepAlive` renews a batch's lease while it waits (the wait can
   * last a minute or more, longer than a lease), every third of a lease.
   */
  async function gate(
    kind: 'read' | 'write',
    keepAlive?: { renewedAt(): number; renew(): Promise<unknown> },
  ) {
    const budget = kind === 'read' ? reads : writes;
    for (;;) {
      const at = nowMs();
      const wait = Math.max(budget.waitMs(at), kind === 'write' ? coolDownUntil - at : 0);
      if (wait <= 0) {
        budget.take(at);
        return;
      }
      // Counted from the batch's last renewal, not from this wait's start: the call before it took time.
      if (keepAlive && at - keepAlive.renewedAt() >= leaseMs / 3) await keepAlive.renew();
      await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 1_000)));
    }
  }

  /**
   * The gate of one batch's Google calls: waits for the budget (renewing the lease meanwhile), then renews
   * the lease once more and goes on only while this worker holds every response of the batch. Two writers
   * on one spreadsheet would each write header cells from their own read of row 1, and answers would then
   * sit under another question's header: a lease that ran out (or a claim taken over) stops the batch
   * before its next call, not only before its append.
   */
  function batchGate(ids: readonly string[]) {
    // The claim was made (its lease set) just before the batch starts.
    let renewedAt = nowMs();
    const keepAlive = {
      renewedAt: () => renewedAt,
      renew: async () => {
        const at = nowMs();
        const held = await repo.extendLease(ids, workerId, iso(at), iso(at + leaseMs));
        renewedAt = at;
        return held;
      },
    };
    return async (kind: 'read' | 'write') => {
      await gate(kind, keepAlive);
      const held = await keepAlive.renew();
      if (held.length < ids.length) throw new ClaimLostError(held);
    };
  }

  async function shareReason(): Promise<string> {
    let email: string | undefined;
    try {
      email = await options.shareWithEmail?.();
    } catch {
      email = undefined;
    }
    return email
      ? `Share the spreadsheet with ${email} as an Editor, then retry the failed responses.`
      : 'Share the spreadsheet with the SheetForms service account as an Editor, then retry the failed responses.';
  }

  async function processBatch(whole: SheetBatch, summary: RunSummary): Promise<void> {
    // A form whose sync the owner must first repair writes nothing until their Retry.
    const paused = whole.responses.filter((r) => r.form.syncPausedReason !== null);
    for (const reason of new Set(paused.map((r) => r.form.syncPausedReason ?? ''))) {
      const ids = paused.filter((r) => r.form.syncPausedReason === reason).map((r) => r.id);
      summary.failed += await repo.markFailed(ids, workerId, reason);
    }
    const unpaused =
      paused.length === 0
        ? whole
        : {
            ...whole,
            responses: whole.responses.filter((r) => r.form.syncPausedReason === null),
            forms: whole.forms.filter((form) => form.syncPausedReason === null),
          };
    if (unpaused.responses.length === 0) return;
    // Nothing is written to a binding whose owner has not shown edit access (decision 0022).
    let batch = unpaused;
    if (options.editAccess) {
      const { editAccess } = options;
      try {
        const gate = await gateEditAccess(unpaused, {
          decide: editAccess,
          recordProven: (formRowIds, spreadsheetId) => repo.recordEditAccessProven(formRowIds, spreadsheetId),
        });
        if (gate.unshared.length > 0) {
          summary.failed += await repo.markFailed(gate.unshared, workerId, await shareReason());
        }
        for (const { reason, responseIds } of gate.held) {
          summary.retried += await repo.markAwaitingAccess(
            responseIds,
            workerId,
            reason,
            iso(nowMs() + editAccessRecheckMs),
          );
          log.warn(
            { spreadsheetId: unpaused.spreadsheetId, rows: responseIds.length },
            "sheet sync: the form owner's edit access is not shown; nothing written",
          );
        }
        batch = gate.allowed;
      } catch (error) {
        const ids = unpaused.responses.map((r) => r.id);
        const context = {
          spreadsheetId: unpaused.spreadsheetId,
          sheet: unpaused.sheetName,
          rows: ids.length,
        };
        await settleFailure(unpaused, ids, context, new SheetStepError('read', error), summary);
        return;
      }
      if (batch.responses.length === 0) return;
    }
    const ids = batch.responses.map((r) => r.id);
    const context = { spreadsheetId: batch.spreadsheetId, sheet: batch.sheetName, rows: ids.length };
    pacer.wrote(batch.spreadsheetId, nowMs());
    let outcome: Awaited<ReturnType<typeof writeBatch>>;
    try {
      outcome = await writeBatch(batch, {
        sheets: options.sheets,
        gate: batchGate(ids),
        timeZone: options.timeZone,
        confirmClaim: (pending) => repo.extendLease(pending, workerId, iso(nowMs()), iso(nowMs() + leaseMs)),
        onBound: (sheet) =>
          repo.bindSheet(
            batch.forms.map((form) => form.id),
            { spreadsheetId: batch.spreadsheetId, sheetName: batch.sheetName, sheetId: batch.sheetId },
            sheet,
          ),
      });
    } catch (error) {
      await settleFailure(batch, ids, context, error, summary);
      return;
    }
    pacer.wrote(batch.spreadsheetId, nowMs());
    // The rows are in the sheet now. If recording that fails, the claim is left to run out: its lease
    // ends, releaseExpired marks it for a Response ID check, and it is never appended a second time.
    try {
      quotaStreak = 0;
      const synced = await repo.markSynced(outcome.syncedIds, workerId, now().toISOString());
      summary.synced += synced;
      summary.alreadyPresent += outcome.alreadyPresentIds.length;
      if (outcome.misplaced) {
        // The rows are in the sheet (synced: writing them again would duplicate them), but the next ones
        // would land in the same wrong place: stop the forms until the owner fixes the sheet.
        const { range, title, rows } = outcome.misplaced;
        const reason = `Google put the last ${rows === 1 ? 'row' : `${rows} rows`} at ${range} instead of under the header row of "${title}". Make row 1 the header (no blank cell in A1, no other table above or beside it), move those rows under it, then retry the failed responses.`;
        await repo.pauseForms(
          batch.forms.map((form) => form.id),
          reason,
        );
        log.warn({ ...context, range }, 'sheet sync: rows landed outside the table; form sync paused');
      }
      if (outcome.alreadyPresentIds.length > 0) {
        log.info(
          { ...context, alreadyPresent: outcome.alreadyPresentIds.length },
          'sheet sync: rows were already in the sheet',
        );
      }
      if (outcome.lostIds.length > 0) {
        log.warn(
          { ...context, lost: outcome.lostIds.length },
          'sheet sync: lease taken over, rows left to their new claim',
        );
      }
    } catch (error) {
      log.error(
        { ...context, err: error instanceof Error ? error.message : String(error) },
        'sheet sync: rows were written but could not be recorded; the lease will return them for a check',
      );
    }
  }

  async function settleFailure(
    batch: SheetBatch,
    ids: string[],
    context: object,
    error: unknown,
    summary: RunSummary,
  ): Promise<void> {
    pacer.wrote(batch.spreadsheetId, nowMs());
    if (error instanceof ClaimLostError) {
      // Nothing was appended (the append is the batch's last call, and it checks the claim too): every row
      // this worker still claims, its lease live or run out, goes back untried, without a check of the
      // sheet it does not need (release keeps a check asked for before); rows another worker took are
      // left to it.
      summary.released += await repo.release(ids, workerId);
      log.warn(
        { ...context, stillLeased: error.held.length },
        'sheet sync: the claim ran out mid-batch; stopped before writing',
      );
      return;
    }
    {
      const operation = error instanceof SheetStepError ? error.operation : 'read';
      const cause = error instanceof SheetStepError ? error.cause : error;
      const message = cause instanceof Error ? cause.message : String(cause);
      const failure = classifySheetError(cause, operation);
      if (failure.kind === 'fail') {
        let reason: string;
        if (failure.reason === 'permission') {
          reason = await shareReason();
        } else if (failure.reason === 'not-found') {
          reason =
            'Spreadsheet not found: check the Google Sheets link of the form, then retry the failed responses.';
        } else if (cause instanceof GoogleReplyTooLargeError) {
          // Only the row 1 read is capped (sheet-writer).
          const sheet = batch.sheetName ? `Sheet "${batch.sheetName}"` : 'The first sheet';
          const megabytes = HEADER_ROW_MAX_BYTES / (1024 * 1024);
          reason = `${sheet} has more text in its header row (row 1) than SheetForms reads (${megabytes} MB), so its columns cannot be matched. Shorten or clear long header cells, then retry the failed responses.`;
        } else if (operation === 'grow-grid') {
          const columns = error instanceof SheetStepError ? (error.columns ?? []) : [];
          const sheet = batch.sheetName ? `Sheet "${batch.sheetName}"` : 'The first sheet';
          const said = /[.!?]$/.test(message) ? message : `${message}.`;
          reason = `${sheet} could not grow to fit new columns (${columns.join(', ')}): ${said} Make room in the spreadsheet (delete unused rows, columns or sheets), then retry the failed responses.`;
        } else {
          reason = refusalInWords(message);
        }
        const failed = await repo.markFailed(ids, workerId, reason);
        summary.failed += failed;
        log.warn({ ...context, reason, err: message }, 'sheet sync: responses failed');
        return;
      }
      // retry, or a sheet that vanished or shrank between our steps (the next try reads it again)
      const ambiguous = failure.kind === 'retry' && failure.ambiguous;
      // Quota answers do not count: Google asked us to wait, and the shared quota is not the owner's doing.
      const rateLimited = failure.kind === 'retry' && failure.rateLimited;
      const attempt = Math.max(...batch.responses.map((r) => r.attempts)) + 1;
      const idSet = new Set(ids);
      // Each response counts its own tries: one at its last try ends alone, never its batch's newer ones.
      const spent = rateLimited
        ? []
        : batch.responses.filter((r) => idSet.has(r.id) && r.attempts + 1 >= maxAttempts).map((r) => r.id);
      if (spent.length > 0) {
        // Every error class ends: after this many tries the owner sees it and decides when to retry.
        const said = /[.!?]$/.test(message) ? message : `${message}.`;
        const reason = `Google kept failing after ${maxAttempts} tries: ${said} Retry the failed responses when Google Sheets answers again.`;
        summary.failed += await repo.markFailed(spent, workerId, reason, ambiguous);
        log.warn(
          { ...context, rows: spent.length, ambiguous, err: message },
          'sheet sync: gave up after retries',
        );
      }
      const spentSet = new Set(spent);
      const retrying = ids.filter((id) => !spentSet.has(id));
      if (retrying.length === 0) return;
      if (rateLimited) quotaStreak++;
      const backoffDelay = backoffDelayMs(rateLimited ? quotaStreak : attempt, random, backoff);
      const delay = ambiguous ? Math.max(backoffDelay, ambiguousSettleMs) : backoffDelay;
      if (rateLimited) coolDownUntil = Math.max(coolDownUntil, nowMs() + delay);
      // The owner reads last_error; whether the try was ambiguous is kept in dedupe_required and the log.
      const retried = await repo.markRetry(
        retrying,
        workerId,
        message,
        iso(nowMs() + delay),
        ambiguous,
        !rateLimited,
      );
      summary.retried += retried;
      log.warn({ ...context, attempt, delayMs: delay, ambiguous, err: message }, 'sheet sync: will retry');
    }
  }

  /**
   * After a claim: a form that gave nothing is looked at once (its queue head): gone when nothing of it
   * is pending, not before its head's retry time when that is later, else (its spreadsheet was busy)
   * soon again.
   */
  async function settleWorkMap(
    asked: readonly string[],
    claimed: readonly { formRowId: string }[],
    at: number,
  ) {
    const gave = new Set(claimed.map((response) => response.formRowId));
    for (const formId of asked) {
      if (gave.has(formId)) continue;
      const head = await repo.queueHead(formId);
      if (!head) {
        work.delete(formId);
        continue;
      }
      const due = head.nextAttemptAt ? Date.parse(head.nextAttemptAt) : at;
      work.set(formId, due > at ? due : at + Math.min(pollMs, 1_000));
    }
  }

  async function round(): Promise<RunSummary> {
    const summary: RunSummary = {
      claimed: 0,
      synced: 0,
      alreadyPresent: 0,
      retried: 0,
      failed: 0,
      released: 0,
    };
    const at = nowMs();
    if (writes.available(at) === 0 || coolDownUntil > at) return summary;
    if (at - rebuiltAt >= rebuildEveryMs) {
      rebuiltAt = at;
      for (const formId of await repo.pendingFormIds()) if (!work.has(formId)) work.set(formId, 0);
    }
    // A dead worker's claims return to the queue (checked against the sheet before they are written).
    for (const formId of await repo.releaseExpired(iso(at))) work.set(formId, 0);
    const ready = [...work].filter(([, notBefore]) => notBefore <= at).map(([formId]) => formId);
    if (ready.length === 0) return summary;
    const claimed = await repo.claim({
      now: iso(at),
      leaseUntil: iso(at + leaseMs),
      workerId,
      limit: batchSize,
      excludeSpreadsheetIds: pacer.busy(at),
      formRowIds: ready.slice(0, 200),
    });
    summary.claimed = claimed.length;
    await settleWorkMap(ready.slice(0, 200), claimed, at);
    if (claimed.length === 0) return summary;

    const { batches, overflow, unlinked } = assembleBatches(claimed, maxRows);
    if (unlinked.length > 0) {
      summary.failed += await repo.markFailed(
        unlinked.map((r) => r.id),
        workerId,
        'The form has no Google Sheets link: add one, then retry the failed responses.',
      );
    }
    // One batch per spreadsheet per round, as many as the write budget allows now.
    const chosen: SheetBatch[] = [];
    const release = overflow.map((r) => r.id);
    const spreadsheets = new Set<string>();
    let budget = writes.available(at);
    for (const batch of batches) {
      if (budget > 0 && !spreadsheets.has(batch.spreadsheetId) && pacer.ready(batch.spreadsheetId, at)) {
        chosen.push(batch);
        spreadsheets.add(batch.spreadsheetId);
        budget--;
      } else {
        release.push(...batch.responses.map((r) => r.id));
      }
    }
    summary.released += await repo.release(release, workerId);
    await Promise.all(
      chosen.map((batch) =>
        processBatch(batch, summary).catch((error: unknown) => {
          // The database failed while settling: the lease returns the claim later (and marks it for a check).
          log.error(
            { spreadsheetId: batch.spreadsheetId, err: String(error) },
            'sheet sync: could not settle a batch',
          );
        }),
      ),
    );
    return summary;
  }

  function runOnce(): Promise<RunSummary> {
    // Rounds never overlap within one worker: a second caller waits for the first round, then runs its own.
    const previous = current ?? Promise.resolve(undefined);
    const next = previous.then(round, round);
    current = next;
    return next;
  }

  async function runLoop() {
    while (running) {
      let summary: RunSummary | undefined;
      notifiedSinceClaim = false;
      try {
        summary = await runOnce();
      } catch (error) {
        log.error(
          { err: error instanceof Error ? error.message : String(error) },
          'sheet sync: round failed',
        );
      }
      if (!running) break;
      const worked = summary !== undefined && summary.claimed > summary.released;
      if (!worked) {
        const pacedMs = pacer.nextFreeInMs(nowMs());
        const waitMs =
          summary && summary.released > 0 && pacedMs !== undefined ? Math.min(pollMs, pacedMs) : pollMs;
        const gapMs = Math.min(idleClaimGapMs, waitMs);
        if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
        // A notify that came during the round or the gap ends the wait here; otherwise sleep until the
        // poll or a notify.
        if (running && !notifiedSinceClaim && waitMs > gapMs) await sleep(waitMs - gapMs);
      }
    }
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      loop = runLoop();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = undefined;
      await current?.catch(() => undefined);
      // A round settles or releases what it claimed; one that failed half-way may leave claims behind.
      // Give them back now instead of after the lease, so another instance takes them at once.
      try {
        const released = await repo.releaseAllOf(workerId);
        if (released > 0) log.info({ released }, 'sheet sync: released claims on stop');
      } catch (error) {
        log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'sheet sync: could not release claims on stop; they return when their lease ends',
        );
      }
    },
    runOnce,
    notify(formRowId) {
      if (formRowId === undefined) rebuiltAt = Number.NEGATIVE_INFINITY;
      else if (!work.has(formRowId)) work.set(formRowId, 0);
      notifiedSinceClaim = true;
      wake?.();
    },
  };
}
