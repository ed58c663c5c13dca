import { createBoundedQueue, QueueFullError } from './bounded-queue.js';
import { BrowserGoneError, createBrowserSupervisor, type SupervisorLog } from './browser-supervisor.js';
import {
  PdfBusyError,
  PdfRenderError,
  type PdfRenderer,
  PdfTimeoutError,
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
  /** A job's budget from arrival, waiting included (PDF_TIMEOUT_MS). */
  timeoutMs: number;
  /** Jobs per browser before a fresh one replaces it (PDF_RECYCLE_AFTER). */
  recycleAfter: number;
  /** How long a timed-out job may take to let go before its browser is killed. */
  abortGraceMs?: number;
  log?: SupervisorLog;
}

/** Retry-After bounds for a full queue: at least a second, never so long that a user gives up. */
const RETRY_AFTER_MIN_S = 1;
const RETRY_AFTER_MAX_S = 30;

/**
 * The server's PdfRenderer: one warm browser (see browser-supervisor.ts) behind a bounded queue. Work
 * is bounded three ways: `concurrency` pages at once, `queueLimit` waiting (then an immediate 429), and
 * `timeoutMs` per job (then 503). A job whose browser crashes under it is retried once on a fresh one.
 */
export function createQueuedPdfRenderer(options: QueuedPdfRendererOptions): PdfRenderer {
  const queue = createBoundedQueue({ concurrency: options.concurrency, queueLimit: options.queueLimit });
  const counts = { completed: 0, failed: 0, timedOut: 0, rejectedBusy: 0, blockedRequests: 0 };
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

  function retryAfterSeconds(): number {
    const ahead = queue.running + queue.waiting;
    const seconds = Math.ceil((ahead * averageRenderMs) / options.concurrency / 1000);
    return Math.min(RETRY_AFTER_MAX_S, Math.max(RETRY_AFTER_MIN_S, seconds));
  }

  async function printWithRetry(documentHtml: string, renderOptions: RenderOptions, signal: AbortSignal) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await supervisor.use((browser) => browser.print(documentHtml, renderOptions, signal), signal);
      } catch (error) {
        if (signal.aborted || error instanceof PdfUnavailableError) throw error;
        if (error instanceof BrowserGoneError && attempt === 1) continue;
        throw new PdfRenderError('the browser failed to render the PDF', { cause: error });
      }
    }
  }

  return {
    async render(html, renderOptions) {
      if (closed) throw new PdfUnavailableError('the PDF renderer is closed');
      const controller = new AbortController();
      const timeout = new PdfTimeoutError(options.timeoutMs);
      const timer = setTimeout(() => controller.abort(timeout), options.timeoutMs);
      try {
        let release: () => void;
        try {
          release = await queue.acquire(controller.signal);
        } catch (error) {
          if (error instanceof QueueFullError) {
            counts.rejectedBusy += 1;
            throw new PdfBusyError(retryAfterSeconds());
          }
          throw error;
        }
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
        if (!(error instanceof PdfBusyError)) counts.failed += 1;
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
