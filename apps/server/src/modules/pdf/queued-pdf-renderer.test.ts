import { describe, expect, it } from 'vitest';
import {
  PdfBusyError,
  PdfRenderError,
  PdfTimeoutError,
  PdfTooLongError,
  PdfUnavailableError,
} from './pdf-renderer.js';
import { createQueuedPdfRenderer, type QueuedPdfRendererOptions } from './queued-pdf-renderer.js';
import type { BrowserLauncher, RenderBrowser } from './render-browser.js';

/** A job the test finishes by hand, or that finishes on its own after `autoMs`. */
interface FakeJob {
  browser: FakeBrowser;
  html: string;
  /** The job's isolation key (its owner). */
  owner: string;
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
  /** Every print fails with this error (a document the browser refuses). */
  printError?: Error;
}) {
  const state = {
    launches: 0,
    browsers: [] as FakeBrowser[],
    jobs: [] as FakeJob[],
    printing: 0,
    maxPrinting: 0,
    /** Prints of each owner right now, and the most any one owner ever had at once. */
    printingByOwner: new Map<string, number>(),
    maxPrintingOfOneOwner: 0,
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
      print(html, { isolationKey: owner }, signal) {
        if (!connected) return Promise.reject(new Error('browser has been closed'));
        if (behaviour.printError) return Promise.reject(behaviour.printError);
        browser.printed += 1;
        state.printing += 1;
        state.maxPrinting = Math.max(state.maxPrinting, state.printing);
        const ofOwner = (state.printingByOwner.get(owner) ?? 0) + 1;
        state.printingByOwner.set(owner, ofOwner);
        state.maxPrintingOfOneOwner = Math.max(state.maxPrintingOfOneOwner, ofOwner);
        return new Promise<Buffer>((resolve, reject) => {
          let done = false;
          const settle = (error?: Error) => {
            if (done) return;
            done = true;
            state.printing -= 1;
            state.printingByOwner.set(owner, (state.printingByOwner.get(owner) ?? 1) - 1);
            inFlight.delete(settle);
            if (error) reject(error);
            else resolve(Buffer.from(`%PDF ${html.length}`));
          };
          inFlight.add(settle);
          state.jobs.push({ browser, html, owner, finish: () => settle(), fail: (error) => settle(error) });
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
/** The options of a job of `owner`. */
const of = (owner: string) => ({ format: 'A4', isolationKey: owner }) as const;
/** The printed document of a fragment (the renderer wraps it), to tell which job a print is. */
const printedFragment = (job: FakeJob | undefined) => job?.html.match(/<body>\n(.*)\n<\/body>/)?.[1];
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
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => pdf.render(`<p>${i}</p>`, of(`owner-${i % 4}`))),
    );
    expect(results).toHaveLength(12);
    expect(state.maxPrinting).toBe(2);
    expect(state.maxPrintingOfOneOwner).toBe(1);
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

  it('kills a browser that ignores a timed-out job; a job waiting meanwhile runs on the next one', async () => {
    const { launch, state } = fakeLauncher({ ignoreAbort: true });
    const pdf = renderer(launch, { concurrency: 1, timeoutMs: 40, abortGraceMs: 100, maxWaitMs: 5_000 });
    const wedged = pdf.render('wedged', of('owner-a'));
    // Its budget counts from when it starts: waiting behind the wedged job does not use it up.
    const waiting = pdf.render('waiting', of('owner-b'));
    await expect(wedged).rejects.toBeInstanceOf(PdfTimeoutError);
    expect(state.jobs).toHaveLength(1);
    // The slot stays taken until the browser lets go: the limit counts real browser work.
    expect(pdf.stats()).toMatchObject({ running: 1, queued: 1 });
    await waitFor(() => state.browsers[0]?.closed === true, 'the wedged browser to be killed');

    await waitFor(() => state.jobs.length === 2, 'the waiting job to print');
    expect(state.jobs[1]?.browser.id).toBe(2);
    state.jobs[1]?.finish();
    await expect(waiting).resolves.toBeInstanceOf(Buffer);
    expect(pdf.stats()).toMatchObject({ timedOut: 1, completed: 1, running: 0, queued: 0 });
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
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => pdf.render(`${i}`, of(`owner-${i % 3}`))),
    );
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
    const jobs = ['a', 'b', 'c', 'd'].map((html) => pdf.render(html, of(`owner-${html}`)));
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

  describe('between owners', () => {
    it("starts another owner's job as soon as a slot frees, never behind the first owner's backlog", async () => {
      const { launch, state } = fakeLauncher({});
      const pdf = renderer(launch, { concurrency: 2, queueLimit: 20, timeoutMs: 60_000 });
      const ofA = ['a1', 'a2', 'a3'].map((html) => pdf.render(html, of('owner-a')));
      await waitFor(() => state.jobs.length >= 1, "A's first print");
      const ofB = pdf.render('b1', of('owner-b'));
      await tick(5);
      // At the latest when the first of A's long jobs is done, B's job is printing, before A's third.
      state.jobs[0]?.finish();
      const started = () => state.jobs.map(printedFragment);
      await waitFor(() => started().includes('b1'), "B's print");
      expect(started().indexOf('b1')).toBeLessThan(started().includes('a3') ? started().indexOf('a3') : 99);
      state.jobs.find((job) => printedFragment(job) === 'b1')?.finish();
      await expect(ofB).resolves.toBeInstanceOf(Buffer);

      for (let i = 0; i < 3; i++) {
        await waitFor(() => state.jobs.filter((job) => job.owner === 'owner-a').length > i, `A's print ${i}`);
        state.jobs.filter((job) => job.owner === 'owner-a')[i]?.finish();
      }
      await expect(Promise.all(ofA)).resolves.toHaveLength(3);
      expect(state.maxPrintingOfOneOwner).toBe(1);
      expect(pdf.stats()).toMatchObject({ completed: 4, rejectedBusy: 0, timedOut: 0 });
      await pdf.close();
    });

    it('hands each freed slot to the next owner in turn, not to the oldest job', async () => {
      const { launch, state } = fakeLauncher({});
      const pdf = renderer(launch, { concurrency: 1, queueLimit: 20, timeoutMs: 60_000 });
      const jobs = [
        pdf.render('a1', of('owner-a')),
        pdf.render('a2', of('owner-a')),
        pdf.render('a3', of('owner-a')),
        pdf.render('b1', of('owner-b')),
        pdf.render('c1', of('owner-c')),
        pdf.render('b2', of('owner-b')),
      ];
      for (let i = 0; i < jobs.length; i++) {
        await waitFor(() => state.jobs.length === i + 1, `print ${i + 1}`);
        state.jobs[i]?.finish();
      }
      await expect(Promise.all(jobs)).resolves.toHaveLength(6);
      expect(state.jobs.map(printedFragment)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
      await pdf.close();
    });

    it('lets one owner queue only a few jobs (then 429), while another owner still gets in', async () => {
      const { launch, state } = fakeLauncher({});
      const pdf = renderer(launch, { concurrency: 1, queueLimit: 20, timeoutMs: 60_000 });
      // One printing and three waiting is all one owner may have.
      const accepted = ['a1', 'a2', 'a3', 'a4'].map((html) => pdf.render(html, of('owner-a')));
      await waitFor(() => state.jobs.length === 1, "A's first print");
      const refused = await pdf.render('a5', of('owner-a')).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(PdfBusyError);
      expect((refused as PdfBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);

      const ofB = pdf.render('b1', of('owner-b'));
      state.jobs[0]?.finish();
      await waitFor(() => state.jobs.length === 2, 'the next print');
      expect(printedFragment(state.jobs[1])).toBe('b1');
      state.jobs[1]?.finish();
      await expect(ofB).resolves.toBeInstanceOf(Buffer);
      for (let i = 2; i < 5; i++) {
        await waitFor(() => state.jobs.length > i, `print ${i + 1}`);
        state.jobs[i]?.finish();
      }
      await expect(Promise.all(accepted)).resolves.toHaveLength(4);
      expect(pdf.stats()).toMatchObject({ rejectedBusy: 1, completed: 5 });
      await pdf.close();
    });

    it("counts a job's time from when it starts: waiting behind another owner's job does not use it up", async () => {
      const { launch, state } = fakeLauncher({});
      const pdf = renderer(launch, { concurrency: 1, queueLimit: 20, timeoutMs: 150 });
      const slowA = pdf.render('a1', of('owner-a'));
      const queuedA = pdf.render('a2', of('owner-a'));
      const b = pdf.render('b1', of('owner-b'));
      await tick(120);
      state.jobs[0]?.finish();
      await waitFor(() => state.jobs.length === 2, "B's print");
      expect(printedFragment(state.jobs[1])).toBe('b1');
      // B has been waiting and printing for longer than the budget in all, but printing for less.
      await tick(90);
      state.jobs[1]?.finish();
      await expect(b).resolves.toBeInstanceOf(Buffer);
      await waitFor(() => state.jobs.length === 3, "A's second print");
      state.jobs[2]?.finish();
      await expect(Promise.all([slowA, queuedA])).resolves.toHaveLength(2);
      expect(pdf.stats()).toMatchObject({ timedOut: 0, completed: 3 });
      await pdf.close();
    });

    it("serves a ZIP's entries one after another next to the same owner's and another owner's exports", async () => {
      const { launch, state } = fakeLauncher({ autoMs: 2 });
      const pdf = renderer(launch, { concurrency: 2, queueLimit: 20 });
      const others = [
        ...['a1', 'a2', 'a3'].map((html) => pdf.render(html, of('owner-a'))),
        ...['z1', 'z2'].map((html) => pdf.render(html, of('owner-z'))),
      ];
      // As pdf.service.ts renders a ZIP: the next entry is asked for once the last one is done.
      for (let entry = 0; entry < 6; entry++) {
        await expect(pdf.render(`entry ${entry}`, of('owner-z'))).resolves.toBeInstanceOf(Buffer);
      }
      await expect(Promise.all(others)).resolves.toHaveLength(5);
      expect(state.maxPrintingOfOneOwner).toBe(1);
      expect(pdf.stats()).toMatchObject({ completed: 11, rejectedBusy: 0 });
      await pdf.close();
    });

    it('answers 429 to a job that could not start within its wait budget', async () => {
      const { launch, state } = fakeLauncher({});
      const pdf = renderer(launch, { concurrency: 1, queueLimit: 20, timeoutMs: 60_000, maxWaitMs: 50 });
      const running = pdf.render('a1', of('owner-a'));
      const started = Date.now();
      const waited = await pdf.render('b1', of('owner-b')).catch((error: unknown) => error);
      expect(waited).toBeInstanceOf(PdfBusyError);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(pdf.stats()).toMatchObject({ queued: 0, rejectedBusy: 1 });
      state.jobs[0]?.finish();
      await expect(running).resolves.toBeInstanceOf(Buffer);
      // Nothing of B's was left behind to print.
      await tick(10);
      expect(state.jobs).toHaveLength(1);
      await pdf.close();
    });
  });

  it('passes a document over the page limit through as PdfTooLongError, without a retry', async () => {
    const { launch, state } = fakeLauncher({ printError: new PdfTooLongError(200) });
    const pdf = renderer(launch);
    await expect(pdf.render('endless', A4)).rejects.toBeInstanceOf(PdfTooLongError);
    expect(state.launches).toBe(1);
    expect(pdf.stats()).toMatchObject({ tooLong: 1, failed: 0, running: 0 });
    await pdf.close();
  });
});
