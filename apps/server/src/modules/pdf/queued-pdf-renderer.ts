import { createBoundedQueue, QueueFullError } from './bounded-queue.js';
import { BrowserGoneError, createBrowserSupervisor, type SupervisorLog } from './browser-supervisor.js';
import {
  PdfBusyError,
  PdfRenderError,
  type PdfRenderer,
  PdfTimeoutError,
  PdfTooLongError,
  PdfUnavailableError,
  type RenderOptions,
} from './pdf-renderer.js';
import { printDocument } from './print-document.js';
import type { BrowserLauncher } from './render-browser.js';

export interface QueuedPdfRendererOptions {
  launch: BrowserLauncher;
  /** Renders at once (PDF_CONCURRENCY): each is a browser page, and the machine's cores are few. */
  concurrency: number;
  /** Renders allowed to wait for a slot (PDF_QUEUE_LIMIT); beyond it callers get PdfBusyError. */
  queueLimit: number;
  /** Renders of one owner allowed to wait (each owner renders one at a time); beyond it PdfBusyError. */
  perOwnerQueueLimit?: number;
  /** A job's budget from the moment it starts rendering (PDF_TIMEOUT_MS); waiting is not counted. */
  timeoutMs: number;
  /** How long a job may wait for a slot before it is turned away with PdfBusyError (default 2 x timeoutMs). */
  maxWaitMs?: number;
  /** Jobs per browser before a fresh one replaces it (PDF_RECYCLE_AFTER). */
  recycleAfter: number;
  /** How long a timed-out job may take to let go before its browser is killed. */
  abortGraceMs?: number;
  log?: SupervisorLog;
}

/** Retry-After bounds for a full queue: at least a second, never so long that a user gives up. */
const RETRY_AFTER_MIN_S = 1;
const RETRY_AFTER_MAX_S = 30;
/** Renders one owner may have waiting: enough for a few exports at once, too few to crowd others out. */
export const PDF_QUEUE_PER_OWNER = 3;

/**
 * The server's PdfRenderer: one warm browser (see browser-supervisor.ts) behind a bounded queue shared
 * fairly between owners (bounded-queue.ts). Work is bounded four ways: `concurrency` pages at once and
 * one per owner; `queueLimit` waiting over all owners and `perOwnerQueueLimit` per owner (then an
 * immediate 429); `maxWaitMs` waiting for a slot (then 429); `timeoutMs` per job once it renders (then
 * 503). A job whose browser crashes under it is retried once on a fresh one.
 *
 * The time budget counts from when the job starts rendering, not from its arrival: it bounds what the
 * job costs the browser, and a job never runs out of time because of what others had queued. Waiting
 * has a bound of its own (`maxWaitMs`, longer than one job's budget): a freed slot goes to the next
 * owner in turn, so a job waits for at most one job of each owner ahead of it, and one owner's backlog
 * can never make another owner's job wait past that bound; only a crowd of owners can, and that is
 * overload, answered 429 with Retry-After like a full queue. A request so lasts at most
 * maxWaitMs + timeoutMs (plus the grace to stop a browser).
 */
export function createQueuedPdfRenderer(options: QueuedPdfRendererOptions): PdfRenderer {
  const queue = createBoundedQueue({
    concurrency: options.concurrency,
    queueLimit: options.queueLimit,
    perOwnerQueueLimit: options.perOwnerQueueLimit ?? PDF_QUEUE_PER_OWNER,
  });
  const maxWaitMs = options.maxWaitMs ?? 2 * options.timeoutMs;
  const counts = { completed: 0, failed: 0, timedOut: 0, rejectedBusy: 0, tooLong: 0, blockedRequests: 0 };
  const supervisor = createBrowserSupervisor({
    launch: options.launch,
    recycleAfter: options.recycleAfter,
    abortGraceMs: options.abortGraceMs ?? 2_000,
    onRequestBlocked: () => {
      counts.blockedRequests += 1;
    },
    ...(options.log ? { log: options.log } : {}),
  });
  /** A moving average of render times, for Retry-After. */
  let averageRenderMs = 500;
  let closed = false;

  /** When a place is likely free: in the whole queue, or in the owner's share (rendered one at a time). */
  function retryAfterSeconds(scope: 'queue' | 'owner', owner: string): number {
    const ahead =
      scope === 'owner'
        ? queue.pendingFor(owner)
        : (queue.running + queue.waiting) / Math.max(1, options.concurrency);
    const seconds = Math.ceil((ahead * averageRenderMs) / 1000);
    return Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, seconds));
  }

  /** A slot for the owner, or PdfBusyError: no place to wait, or no slot within `maxWaitMs`. */
  async function takeSlot(owner: string): Promise<() => void> {
    const gaveUp = new AbortController();
    const timer = setTimeout(() => gaveUp.abort(), maxWaitMs);
    try {
      return await queue.acquire(owner, gaveUp.signal);
    } catch (error) {
      if (!(error instanceof QueueFullError) && !gaveUp.signal.aborted) throw error;
      counts.rejectedBusy += 1;
      throw new PdfBusyError(
        retryAfterSeconds(error instanceof QueueFullError ? error.scope : 'queue', owner),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  async function printWithRetry(documentHtml: string, renderOptions: RenderOptions, signal: AbortSignal) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await supervisor.use((browser) => browser.print(documentHtml, renderOptions, signal), signal);
      } catch (error) {
        if (signal.aborted || error instanceof PdfUnavailableError || error instanceof PdfTooLongError) {
          throw error;
        }
        if (error instanceof BrowserGoneError && attempt === 1) continue;
        throw new PdfRenderError('the browser failed to render the PDF', { cause: error });
      }
    }
  }

  return {
    async render(html, renderOptions) {
      if (closed) throw new PdfUnavailableError('the PDF renderer is closed');
      const release = await takeSlot(renderOptions.isolationKey);
      const controller = new AbortController();
      const timeout = new PdfTimeoutError(options.timeoutMs);
      const timer = setTimeout(() => controller.abort(timeout), options.timeoutMs);
      try {
        const started = performance.now();
        // The slot is held until the browser has really let go of the job, even after a timeout answered
        // the caller: the limit counts browser work, not waiting requests.
        const work = printWithRetry(
          printDocument(html, renderOptions.title),
          renderOptions,
          controller.signal,
        );
        void work
          .then(() => {
            averageRenderMs = 0.8 * averageRenderMs + 0.2 * (performance.now() - started);
          })
          .catch(() => undefined)
          .finally(release);
        const pdf = await untilAborted(work, controller.signal);
        counts.completed += 1;
        return pdf;
      } catch (error) {
        if (error === timeout || controller.signal.aborted) {
          counts.timedOut += 1;
          throw timeout;
        }
        if (error instanceof PdfTooLongError) counts.tooLong += 1;
        else counts.failed += 1;
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },

    async warm() {
      try {
        await supervisor.start();
      } catch {
        // Reported by the supervisor; the first render tries again and answers PdfUnavailableError.
      }
    },

    stats() {
      return {
        running: queue.running,
        queued: queue.waiting,
        ...counts,
        ...supervisor.stats(),
      };
    },

    async close() {
      closed = true;
      await supervisor.close();
    },
  };
}

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
