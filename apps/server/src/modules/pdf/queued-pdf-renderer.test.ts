import { describe, expect, it } from 'vitest';
import { PdfBusyError, PdfRenderError, PdfTimeoutError, PdfUnavailableError } from './pdf-renderer.js';
import { createQueuedPdfRenderer, type QueuedPdfRendererOptions } from './queued-pdf-renderer.js';
import type { BrowserLauncher, RenderBrowser } from './render-browser.js';

/** A job the test finishes by hand, or that finishes on its own after `autoMs`. */
interface FakeJob {
  browser: FakeBrowser;
  html: string;
  finish(): void;
  fail(error: Error): void;
}

interface FakeBrowser extends RenderBrowser {
  id: number;
  printed: number;
  closed: boolean;
  crash(): void;
}

/**
 * A launcher of fake browsers that records what the renderer does to them: how many print at once,
 * how many browsers are alive at once, which browser served which job.
 */
function fakeLauncher(behaviour: {
  /** Finish each print after this many ms; undefined leaves it to the test (`jobs`). */
  autoMs?: number;
  /** Ignore the abort signal (a wedged browser). */
  ignoreAbort?: boolean;
  /** Prints never settle, not even when their browser closes (a call lost inside the driver). */
  neverSettle?: boolean;
  /** Launch attempts (1-based) that fail. */
  failLaunches?: number[];
}) {
  const state = {
    launches: 0,
    browsers: [] as FakeBrowser[],
    jobs: [] as FakeJob[],
    printing: 0,
    maxPrinting: 0,
    alive: 0,
    maxAlive: 0,
  };
  const launch: BrowserLauncher = async () => {
    state.launches += 1;
    if (behaviour.failLaunches?.includes(state.launches)) throw new Error('spawn ENOENT');
    const listeners: Array<() => void> = [];
    const inFlight = new Set<(error: Error) => void>();
    let connected = true;
    const disconnect = () => {
      if (!connected) return;
      connected = false;
      state.alive -= 1;
      for (const listener of listeners) listener();
      if (behaviour.neverSettle) return;
      for (const reject of inFlight) reject(new Error('Target page, context or browser has been closed'));
    };
    const browser: FakeBrowser = {
      id: state.launches,
      printed: 0,
      closed: false,
      crash: disconnect,
      isConnected: () => connected,
      onDisconnected: (listener) => listeners.push(listener),
      async close() {
        browser.closed = true;
        disconnect();
      },
      print(html, _options, signal) {
        if (!connected) return Promise.reject(new Error('browser has been closed'));
        browser.printed += 1;
        state.printing += 1;
        state.maxPrinting = Math.max(state.maxPrinting, state.printing);
        return new Promise<Buffer>((resolve, reject) => {
          let done = false;
          const settle = (error?: Error) => {
            if (done) return;
            done = true;
            state.printing -= 1;
            inFlight.delete(settle);
            if (error) reject(error);
            else resolve(Buffer.from(`%PDF ${html.length}`));
          };
          inFlight.add(settle);
          state.jobs.push({ browser, html, finish: () => settle(), fail: (error) => settle(error) });
          if (!behaviour.ignoreAbort && !behaviour.neverSettle)
            signal.addEventListener('abort', () => settle(new Error('closed')));
          if (behaviour.autoMs !== undefined) setTimeout(() => settle(), behaviour.autoMs);
        });
      },
    };
    state.browsers.push(browser);
    state.alive += 1;
    state.maxAlive = Math.max(state.maxAlive, state.alive);
    return browser;
  };
  return { launch, state };
}

function renderer(launch: BrowserLauncher, overrides: Partial<QueuedPdfRendererOptions> = {}) {
  return createQueuedPdfRenderer({
    launch,
    concurrency: 2,
    queueLimit: 20,
    timeoutMs: 5_000,
    recycleAfter: 200,
    ...overrides,
  });
}

const A4 = { format: 'A4', isolationKey: 'owner-1' } as const;
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(check: () => boolean, what: string) {
  const deadline = Date.now() + 2_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tick(1);
  }
}

describe('queued PDF renderer', () => {
  it('never renders more than `concurrency` at once, and serves everyone in the queue', async () => {
    const { launch, state } = fakeLauncher({ autoMs: 5 });
    const pdf = renderer(launch, { concurrency: 2, queueLimit: 20 });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => pdf.render(`<p>${i}</p>`, A4)));
    expect(results).toHaveLength(12);
    expect(state.maxPrinting).toBe(2);
    expect(state.launches).toBe(1);
    expect(pdf.stats()).toMatchObject({ completed: 12, running: 0, queued: 0, launches: 1 });
    await pdf.close();
  });

  it('turns the next caller away at once with a Retry-After when the queue is full', async () => {
    const { launch, state } = fakeLauncher({});
    const pdf = renderer(launch, { concurrency: 1, queueLimit: 2 });
    const accepted = [pdf.render('a', A4), pdf.render('b', A4), pdf.render('c', A4)];
    await waitFor(() => state.jobs.length === 1, 'the first print');
    expect(pdf.stats()).toMatchObject({ running: 1, queued: 2 });

    const started = Date.now();
    const refused = await pdf.render('d', A4).catch((error: unknown) => error);
    expect(Date.now() - started).toBeLessThan(100);
    expect(refused).toBeInstanceOf(PdfBusyError);
    expect((refused as PdfBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(pdf.stats().rejectedBusy).toBe(1);

    // The three accepted ones still finish, one at a time.
    for (let i = 0; i < 3; i++) {
      await waitFor(() => state.jobs.length === i + 1, `print ${i + 1}`);
      state.jobs[i]?.finish();
    }
    await expect(Promise.all(accepted)).resolves.toHaveLength(3);
    expect(state.maxPrinting).toBe(1);
    await pdf.close();
  });

  it('fails a job that runs past its time with PdfTimeoutError, and frees its slot', async () => {
    const { launch, state } = fakeLauncher({});
    const pdf = renderer(launch, { concurrency: 1, queueLimit: 5, timeoutMs: 60 });
    await expect(pdf.render('slow', A4)).rejects.toBeInstanceOf(PdfTimeoutError);
    await waitFor(() => pdf.stats().running === 0, 'the slot to be freed');

    const next = pdf.render('next', A4);
    await waitFor(() => state.jobs.length === 2, 'the next print');
    state.jobs[1]?.finish();
    await expect(next).resolves.toBeInstanceOf(Buffer);
    // The browser is healthy: the same one serves the next job.
    expect(state.jobs[1]?.browser.id).toBe(1);
    expect(pdf.stats()).toMatchObject({ timedOut: 1, completed: 1, launches: 1 });
    await pdf.close();
  });

  it('kills a browser that ignores a timed-out job; jobs waiting meanwhile time out too', async () => {
    const { launch, state } = fakeLauncher({ ignoreAbort: true });
    const pdf = renderer(launch, { concurrency: 1, timeoutMs: 40, abortGraceMs: 100 });
    const wedged = pdf.render('wedged', A4);
    // This one never gets the slot: its budget counts from arrival, waiting included.
    const waiting = pdf.render('waiting', A4);
    await expect(wedged).rejects.toBeInstanceOf(PdfTimeoutError);
    await expect(waiting).rejects.toBeInstanceOf(PdfTimeoutError);
    expect(state.jobs).toHaveLength(1);
    // The slot stays taken until the browser lets go: the limit counts real browser work.
    expect(pdf.stats().running).toBe(1);
    await waitFor(() => state.browsers[0]?.closed === true, 'the wedged browser to be killed');
    await waitFor(() => pdf.stats().running === 0, 'the slot to be freed');

    const next = pdf.render('next', A4);
    await waitFor(() => state.jobs.length === 2, 'the next print');
    expect(state.jobs[1]?.browser.id).toBe(2);
    state.jobs[1]?.finish();
    await expect(next).resolves.toBeInstanceOf(Buffer);
    expect(pdf.stats()).toMatchObject({ timedOut: 2, completed: 1 });
    await pdf.close();
  });

  it('frees the slot of a job whose browser call never settles, once its browser is killed', async () => {
    const { launch, state } = fakeLauncher({ neverSettle: true });
    const pdf = renderer(launch, { concurrency: 1, timeoutMs: 30, abortGraceMs: 30 });
    await expect(pdf.render('lost', A4)).rejects.toBeInstanceOf(PdfTimeoutError);
    await waitFor(() => state.browsers[0]?.closed === true, 'the browser to be killed');
    await waitFor(() => pdf.stats().running === 0, 'the slot to be freed');
    expect(pdf.stats().queued).toBe(0);
    await pdf.close();
  });

  it('recycles the browser every N jobs without failing queued ones, one browser alive at a time', async () => {
    const { launch, state } = fakeLauncher({ autoMs: 3 });
    const pdf = renderer(launch, { concurrency: 2, queueLimit: 20, recycleAfter: 3 });
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => pdf.render(`${i}`, A4)));
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(state.launches).toBe(4);
    expect(state.browsers.map((browser) => browser.printed)).toEqual([3, 3, 3, 1]);
    expect(state.browsers.slice(0, 3).every((browser) => browser.closed)).toBe(true);
    // Drain, then swap: the next browser starts only after the old one closed.
    expect(state.maxAlive).toBe(1);
    expect(state.maxPrinting).toBeLessThanOrEqual(2);
    expect(pdf.stats()).toMatchObject({ completed: 10, failed: 0, recycles: 3, crashes: 0 });
    await pdf.close();
  });

  it('restarts a crashed browser and retries the jobs that were on it', async () => {
    const { launch, state } = fakeLauncher({});
    const pdf = renderer(launch, { concurrency: 2, queueLimit: 20 });
    const jobs = ['a', 'b', 'c', 'd'].map((html) => pdf.render(html, A4));
    await waitFor(() => state.jobs.length === 2, 'two prints');
    state.browsers[0]?.crash();

    // a and b are retried on browser 2; c and d were queued and go there too.
    await waitFor(() => state.jobs.length === 4, 'two prints on the new browser');
    expect(state.jobs.slice(2).map((job) => job.browser.id)).toEqual([2, 2]);
    for (let i = 2; i < 6; i++) {
      await waitFor(() => state.jobs.length > i, `print ${i + 1}`);
      state.jobs[i]?.finish();
    }
    await expect(Promise.all(jobs)).resolves.toHaveLength(4);
    expect(pdf.stats()).toMatchObject({ crashes: 1, launches: 2, completed: 4, failed: 0 });
    await pdf.close();
  });

  it('gives up on a job after a second crash, with PdfRenderError', async () => {
    const { launch, state } = fakeLauncher({});
    const pdf = renderer(launch, { concurrency: 1 });
    const job = pdf.render('crashes every browser', A4);
    await waitFor(() => state.jobs.length === 1, 'the first print');
    state.browsers[0]?.crash();
    await waitFor(() => state.jobs.length === 2, 'the retry');
    state.browsers[1]?.crash();
    await expect(job).rejects.toBeInstanceOf(PdfRenderError);
    await pdf.close();
  });

  it('answers PdfUnavailableError when the browser cannot start, and tries again on the next job', async () => {
    const { launch, state } = fakeLauncher({ autoMs: 1, failLaunches: [1] });
    const pdf = renderer(launch);
    await expect(pdf.render('x', A4)).rejects.toBeInstanceOf(PdfUnavailableError);
    await expect(pdf.render('y', A4)).resolves.toBeInstanceOf(Buffer);
    expect(state.launches).toBe(2);
    await pdf.close();
  });

  it('starts the browser on warm(), not per job, and closes it on close()', async () => {
    const { launch, state } = fakeLauncher({ autoMs: 1 });
    const pdf = renderer(launch);
    expect(state.launches).toBe(0);
    await pdf.warm();
    expect(pdf.stats().browserRunning).toBe(true);
    await pdf.render('a', A4);
    await pdf.render('b', A4);
    expect(state.launches).toBe(1);
    await pdf.close();
    expect(state.browsers[0]?.closed).toBe(true);
    await expect(pdf.render('late', A4)).rejects.toBeInstanceOf(PdfUnavailableError);
  });

  it('wraps the fragment in the print document', async () => {
    const { launch, state } = fakeLauncher({ autoMs: 1 });
    const pdf = renderer(launch);
    await pdf.render('<p>Hello</p>', { format: 'Letter', title: 'Certificate', isolationKey: 'owner-1' });
    expect(state.jobs[0]?.html).toContain('<p>Hello</p>');
    expect(state.jobs[0]?.html).toContain('<title>Certificate</title>');
    expect(state.jobs[0]?.html).toContain('Content-Security-Policy');
    await pdf.close();
  });
});
