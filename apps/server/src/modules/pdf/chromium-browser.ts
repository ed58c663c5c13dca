import fs from 'node:fs/promises';
import { PDF_MAX_PAGES } from '@sheetforms/contract';
import type { Browser } from 'playwright-core';
import {
  type ContextPoolLimits,
  createContextPool,
  DEFAULT_POOL_LIMITS,
  type PooledContext,
} from './context-pool.js';
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

/**
 * Only the pages up to one past the limit are printed: a document that reaches that one is refused, and
 * a document of thousands of pages costs no more printing than one of 201 (its layout still runs whole,
 * which is far cheaper than printing it).
 */
const PRINTED_PAGES = `1-${PDF_MAX_PAGES + 1}`;

/**
 * Prints in a pool of browser contexts (context-pool.ts, decision 0030). Opening a context and its page
 * starts a renderer process, several times the cost of the print itself, so contexts are reused:
 * - by the same owner as is: a context is tagged with the owner (the job's isolation key) of its last
 *   job, and that owner's next job takes it first (an owner exporting response after response, or a ZIP);
 * - by another owner only once cleared: its other pages closed, a new blank document, window name and
 *   history reset, cookies and cache cleared. Every document is printed in an about:blank page (an opaque
 *   origin, with no storage), with JavaScript off, service workers blocked and every request refused; a
 *   context where a document ever got an origin of its own is closed, never handed on.
 * Contexts are bounded (see ContextPoolLimits) and any job that fails or is aborted closes its context.
 */
export function chromiumRenderBrowser(
  browser: Browser,
  events: BrowserEvents,
  limits: ContextPoolLimits = DEFAULT_POOL_LIMITS,
): RenderBrowser {
  const pool = createContextPool(browser, events, limits);
  const closeContext = (pooled: PooledContext) => void pooled.context.close().catch(() => undefined);
  // One context ahead at start (the first PDF's); the rest after the first jobs, not alongside them.
  pool.prepare(1);
  return {
    async print(documentHtml, { format, isolationKey }, signal) {
      signal.throwIfAborted();
      const taking = pool.take(isolationKey);
      // Closing a context while its newPage() is pending leaves that call hanging for ever (seen with
      // Playwright 1.65), so an abort closes the context only once it is ready; the steps after it
      // reject at once when their context closes.
      const stop = () => void taking.then(closeContext).catch(() => undefined);
      signal.addEventListener('abort', stop, { once: true });
      let pooled: PooledContext | undefined;
      let printed = false;
      try {
        pooled = await taking;
        signal.throwIfAborted();
        // From here the page may hold this owner's document: only this owner reuses it uncleared.
        pooled.owner = isolationKey;
        // Timeouts are the queue's (the signal closes the context); Playwright's own would be a second clock.
        await pooled.page.setContent(documentHtml, { waitUntil: 'load', timeout: 0 });
        const pdf = await pooled.page.pdf({
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
        if (pooled && printed && !signal.aborted) pool.giveBack(pooled);
        else void taking.then(pool.discard).catch(() => undefined);
      }
    },
    isConnected: () => browser.isConnected(),
    onDisconnected(listener) {
      browser.once('disconnected', () => listener());
    },
    // The pooled contexts go with their browser.
    close: () => browser.close(),
  };
}
