import { PdfUnavailableError } from './pdf-renderer.js';
import type { BrowserLauncher, RenderBrowser } from './render-browser.js';

/** A job failed because its browser went away under it (crash or kill); worth one retry elsewhere. */
export class BrowserGoneError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('the browser went away during the job', options);
    this.name = 'BrowserGoneError';
  }
}

export interface SupervisorLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface BrowserSupervisorOptions {
  launch: BrowserLauncher;
  /** Jobs one browser serves before it is swapped for a fresh one (bounds leaks in a long-lived browser). */
  recycleAfter: number;
  /** After a job's signal aborts, how long it may take to let go before its browser is killed. */
  abortGraceMs: number;
  onRequestBlocked?: (url: string) => void;
  log?: SupervisorLog;
}

export interface BrowserSupervisor {
  /** Runs `job` on the current browser, starting one first when there is none. */
  use<T>(job: (browser: RenderBrowser) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Starts the browser now instead of on first use. */
  start(): Promise<void>;
  stats(): { launches: number; recycles: number; crashes: number; browserRunning: boolean };
  close(): Promise<void>;
}

/** One browser's life: the jobs it served and whether it is being replaced. */
interface Generation {
  browser: Promise<RenderBrowser>;
  started: number;
  active: number;
  /** No new jobs: it closes once its running jobs finish (recycling, or after a kill). */
  retiring: boolean;
  /** The process is gone. */
  gone: boolean;
  closing: Promise<void> | undefined;
  /** Resolves once the browser has been closed (jobs waiting for a recycle wait on this). */
  closed: Promise<void>;
  markClosed: () => void;
}

/**
 * Keeps one warm browser for the whole process: started lazily, swapped for a fresh one every
 * `recycleAfter` jobs (the old one finishes its running jobs first; new jobs wait, none fail), and
 * replaced after a crash. Launch failures surface as PdfUnavailableError, and the next job tries again.
 */
export function createBrowserSupervisor(options: BrowserSupervisorOptions): BrowserSupervisor {
  let current: Generation | undefined;
  let shutDown = false;
  const counts = { launches: 0, recycles: 0, crashes: 0 };
  const events = { requestBlocked: (url: string) => options.onRequestBlocked?.(url) };

  function launchGeneration(): Generation {
    let markClosed = () => {};
    const closed = new Promise<void>((resolve) => {
      markClosed = resolve;
    });
    // The callbacks below run after `generation` exists; the launcher may also throw synchronously.
    const browser = Promise.resolve()
      .then(() => options.launch(events))
      .then((launched) => {
        counts.launches += 1;
        launched.onDisconnected(() => {
          if (!generation.closing && !shutDown) {
            counts.crashes += 1;
            options.log?.warn(
              { jobs: generation.started },
              'the PDF browser went away; the next job starts a new one',
            );
          }
          generation.gone = true;
          if (current === generation) current = undefined;
        });
        return launched;
      });
    const generation: Generation = {
      browser,
      started: 0,
      active: 0,
      retiring: false,
      gone: false,
      closing: undefined,
      closed,
      markClosed,
    };
    browser.catch((error: unknown) => {
      if (current === generation) current = undefined;
      markClosed();
      options.log?.warn({ err: error }, 'the PDF browser could not be started');
    });
    return generation;
  }

  function closeGeneration(generation: Generation): Promise<void> {
    generation.retiring = true;
    generation.closing ??= generation.browser
      .then((browser) => browser.close())
      .catch(() => undefined)
      .finally(() => {
        if (current === generation) current = undefined;
        generation.markClosed();
      });
    return generation.closing;
  }

  function release(generation: Generation) {
    generation.active -= 1;
    if (generation.active === 0 && generation.retiring) void closeGeneration(generation);
  }

  async function acquire(): Promise<{ generation: Generation; browser: RenderBrowser }> {
    for (;;) {
      if (shutDown) throw new PdfUnavailableError('the PDF renderer is closed');
      current ??= launchGeneration();
      const generation = current;
      if (generation.retiring) {
        // Drain, then swap: the old browser finishes its jobs and closes before the next one starts.
        if (generation.active === 0) void closeGeneration(generation);
        await generation.closed;
        if (current === generation) current = undefined;
        continue;
      }
      let browser: RenderBrowser;
      try {
        browser = await generation.browser;
      } catch (error) {
        throw new PdfUnavailableError('the PDF browser could not be started', { cause: error });
      }
      if (generation !== current || generation.retiring || generation.gone) continue;
      generation.started += 1;
      generation.active += 1;
      if (generation.started >= options.recycleAfter) {
        generation.retiring = true;
        counts.recycles += 1;
        options.log?.info({ jobs: generation.started }, 'recycling the PDF browser');
      }
      return { generation, browser };
    }
  }

  /**
   * A job that ignores its abort past the grace time has a wedged browser: kill it and start afresh.
   * `onKilled` lets the job's slot go even if the browser call never settles.
   */
  function killLater(generation: Generation, onKilled: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      options.log?.warn({}, 'a PDF job did not stop after its timeout; restarting the browser');
      generation.gone = true;
      if (current === generation) current = undefined;
      void closeGeneration(generation);
      onKilled();
    }, options.abortGraceMs);
    timer.unref();
    return timer;
  }

  return {
    async use(job, signal) {
      const { generation, browser } = await acquire();
      let killTimer: NodeJS.Timeout | undefined;
      let onKilled = () => {};
      const killed = new Promise<never>((_resolve, reject) => {
        onKilled = () => reject(new BrowserGoneError());
      });
      killed.catch(() => undefined);
      const onAbort = () => {
        killTimer = killLater(generation, onKilled);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        return await Promise.race([job(browser), killed]);
      } catch (error) {
        if (error instanceof BrowserGoneError) throw error;
        if (generation.gone || !browser.isConnected()) throw new BrowserGoneError({ cause: error });
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        clearTimeout(killTimer);
        release(generation);
      }
    },

    async start() {
      if (shutDown) return;
      current ??= launchGeneration();
      await current.browser;
    },

    stats() {
      return { ...counts, browserRunning: current !== undefined && !current.gone };
    },

    async close() {
      shutDown = true;
      const generation = current;
      current = undefined;
      if (generation) await closeGeneration(generation);
    },
  };
}
