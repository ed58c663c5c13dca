import fs from 'node:fs/promises';
import { PDF_MAX_PAGES } from '@sheetforms/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pdfPageCount } from './pdf-page-count.js';
import { PdfTooLongError } from './pdf-renderer.js';
import { PAGE_MARGIN } from './print-document.js';
import type { BrowserEvents, BrowserLauncher, RenderBrowser } from './render-browser.js';

/**
 * Chromium's switches for a server: no sandbox (containers rarely allow it; the page runs no script and
 * reaches no network, see below), no GPU, none of the browser's own background traffic, and /tmp instead
 * of a small /dev/shm. The host resolver maps every name to nothing, so even a DNS prefetch hint leaks no
 * lookup.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/** How long a browser may take to start before the launch counts as failed. */
const LAUNCH_TIMEOUT_MS = 30_000;

/** Starts Chromium through playwright-core; rejects with a plain message when the executable is missing. */
export function createChromiumLauncher(options: { executablePath: string }): BrowserLauncher {
  return async (events) => {
    try {
      await fs.access(options.executablePath, fs.constants.X_OK);
    } catch {
      throw new Error(`no Chromium executable at ${options.executablePath}`);
    }
    // Loaded with the first browser, not at start: playwright-core alone adds about 80 MiB to the resident
    // set of a server that may never render a PDF (docs/performance.md, memory).
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: options.executablePath,
      args: CHROMIUM_ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      // The server's own shutdown closes the browser (an onClose hook); signals are the server's to handle.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    return chromiumRenderBrowser(browser, events);
  };
}

/** A context of its own with its one page, refusing every request. */
interface FreshPage {
  context: BrowserContext;
  page: Page;
}

/** A page kept between jobs of one owner (see chromiumRenderBrowser). */
interface OwnedPage extends FreshPage {
  isolationKey: string;
  jobs: number;
  lastUsed: number;
}

/** Pages kept open between jobs, at most this many, each for at most IDLE_PAGE_TTL_MS. */
const IDLE_PAGES = 2;
const IDLE_PAGE_TTL_MS = 30_000;
/** A kept page is closed after this many jobs (the browser itself is recycled every PDF_RECYCLE_AFTER). */
const JOBS_PER_PAGE = 100;

/**
 * Only the pages up to one past the limit are printed: a document that reaches that one is refused, and
 * a document of thousands of pages costs no more printing than one of 201 (its layout still runs whole,
 * which is far cheaper than printing it).
 */
const PRINTED_PAGES = `1-${PDF_MAX_PAGES + 1}`;

/** A tiny document printed once in every spare page: the first print of a renderer costs twice the next. */
const WARM_UP_DOCUMENT =
  '<!doctype html><html><head><meta charset="utf-8"></head><body><p>.</p></body></html>';

async function openFreshPage(browser: Browser, events: BrowserEvents): Promise<FreshPage> {
  // A fresh context: no cookies, cache or storage shared with any other owner's documents.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  events.contextOpened?.();
  try {
    // Every request is refused: images arrive as data: URIs (not requests), anything else a template
    // or an answer names is never fetched, so no address inside or outside the server is reachable.
    // 'aborted' rather than 'blockedbyclient': a refused navigation (a meta refresh) then leaves the
    // document in place instead of replacing it with an error page.
    await context.route('**/*', (route) => {
      events.requestBlocked(route.request().url());
      return route.abort('aborted');
    });
    const page = await context.newPage();
    await page.setContent(WARM_UP_DOCUMENT, { waitUntil: 'load', timeout: 0 });
    await page.pdf({ format: 'A4' });
    return { context, page };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Opening a context and its page starts a renderer process, which costs several times the print itself
 * (about 0.5 s against 0.1 s on two cores). Two things keep that off the request path:
 * - A spare: the next new owner's context and page are opened (and warmed with a one-line print) ahead,
 *   once the current job is done (not while it prints: both would compete for the browser's main thread).
 * - Owner pages: after a job its page is kept, tagged with the job's isolation key (the owner), and only a
 *   later job with the same key may use it: an owner exporting response after response, or a ZIP, pays
 *   for one context, not one per PDF. A job of any other owner always gets a fresh context. What a kept
 *   page could carry over is nothing anyway (no script runs, nothing is fetched, the next document
 *   replaces the last), but the boundary between owners stays a context boundary. Kept pages are bounded
 *   (IDLE_PAGES, IDLE_PAGE_TTL_MS, JOBS_PER_PAGE) and any job that fails or is aborted closes its page.
 */
function chromiumRenderBrowser(browser: Browser, events: BrowserEvents): RenderBrowser {
  let spare: Promise<FreshPage> | undefined;
  const idle: OwnedPage[] = [];
  const sweeper = setInterval(sweepIdle, IDLE_PAGE_TTL_MS / 2);
  sweeper.unref();
  // Closed, crashed or killed: the kept pages went with the browser.
  browser.once('disconnected', () => {
    clearInterval(sweeper);
    idle.length = 0;
  });

  function closeQuietly(fresh: FreshPage) {
    void fresh.context.close().catch(() => undefined);
  }

  function sweepIdle() {
    const oldest = Date.now() - IDLE_PAGE_TTL_MS;
    for (let i = idle.length - 1; i >= 0; i--) {
      const owned = idle[i];
      if (owned && owned.lastUsed < oldest) {
        idle.splice(i, 1);
        closeQuietly(owned);
      }
    }
  }

  function prepareSpare() {
    if (spare || !browser.isConnected()) return;
    const opening = openFreshPage(browser, events);
    opening.catch(() => undefined);
    spare = opening;
  }

  async function takePage(isolationKey: string): Promise<OwnedPage> {
    const index = idle.findIndex((owned) => owned.isolationKey === isolationKey);
    if (index >= 0) {
      const [owned] = idle.splice(index, 1);
      if (owned) return owned;
    }
    const opening = spare
      ? spare.catch(() => openFreshPage(browser, events))
      : openFreshPage(browser, events);
    spare = undefined;
    const fresh = await opening;
    return { ...fresh, isolationKey, jobs: 0, lastUsed: Date.now() };
  }

  function keep(owned: OwnedPage) {
    owned.jobs += 1;
    owned.lastUsed = Date.now();
    if (owned.jobs >= JOBS_PER_PAGE || !browser.isConnected()) {
      closeQuietly(owned);
      return;
    }
    idle.unshift(owned);
    // Past the bound, the page used longest ago goes.
    for (const surplus of idle.splice(IDLE_PAGES)) closeQuietly(surplus);
  }

  prepareSpare();
  return {
    async print(documentHtml, { format, isolationKey }, signal) {
      signal.throwIfAborted();
      const taking = takePage(isolationKey);
      // Closing a context while its newPage() is pending leaves that call hanging for ever (seen with
      // Playwright 1.65), so an abort closes the context only once the page exists; the steps after it
      // reject at once when their context closes.
      const stop = () => void taking.then(closeQuietly).catch(() => undefined);
      signal.addEventListener('abort', stop, { once: true });
      let owned: OwnedPage | undefined;
      let printed = false;
      try {
        owned = await taking;
        signal.throwIfAborted();
        // Timeouts are the queue's (the signal closes the context); Playwright's own would be a second clock.
        await owned.page.setContent(documentHtml, { waitUntil: 'load', timeout: 0 });
        const pdf = await owned.page.pdf({
          format,
          printBackground: true,
          margin: PAGE_MARGIN,
          pageRanges: PRINTED_PAGES,
        });
        printed = true;
        if (pdfPageCount(pdf) > PDF_MAX_PAGES) throw new PdfTooLongError(PDF_MAX_PAGES);
        return pdf;
      } finally {
        signal.removeEventListener('abort', stop);
        if (owned && printed && !signal.aborted) keep(owned);
        else void taking.then(closeQuietly).catch(() => undefined);
        prepareSpare();
      }
    },
    isConnected: () => browser.isConnected(),
    onDisconnected(listener) {
      browser.once('disconnected', () => listener());
    },
    // The spare and the kept pages go with their browser.
    close: () => browser.close(),
  };
}
