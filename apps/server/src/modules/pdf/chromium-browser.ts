import fs from 'node:fs/promises';
import { type Browser, chromium } from 'playwright-core';
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

function chromiumRenderBrowser(browser: Browser, events: BrowserEvents): RenderBrowser {
  return {
    async print(documentHtml, { format }, signal) {
      signal.throwIfAborted();
      // A fresh context per job: no cookies, cache or storage shared between two owners' documents.
      const context = await browser.newContext({
        javaScriptEnabled: false,
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      // Closing a context while its newPage() is pending leaves that call hanging for ever (seen with
      // Playwright 1.65), so an abort closes the context only once the page exists; the steps after it
      // reject at once when their context closes.
      let pageCreated: Promise<unknown> = Promise.resolve();
      const stop = () => void pageCreated.then(() => context.close()).catch(() => undefined);
      signal.addEventListener('abort', stop, { once: true });
      try {
        signal.throwIfAborted();
        // Every request is refused: images arrive as data: URIs (not requests), anything else a template
        // or an answer names is never fetched, so no address inside or outside the server is reachable.
        // 'aborted' rather than 'blockedbyclient': a refused navigation (a meta refresh) then leaves the
        // document in place instead of replacing it with an error page.
        await context.route('**/*', (route) => {
          events.requestBlocked(route.request().url());
          return route.abort('aborted');
        });
        const creating = context.newPage();
        pageCreated = creating.catch(() => undefined);
        const page = await creating;
        signal.throwIfAborted();
        // Timeouts are the queue's (the signal closes the context); Playwright's own would be a second clock.
        await page.setContent(documentHtml, { waitUntil: 'load', timeout: 0 });
        return await page.pdf({ format, printBackground: true, margin: PAGE_MARGIN });
      } finally {
        signal.removeEventListener('abort', stop);
        await pageCreated;
        await context.close().catch(() => undefined);
      }
    },
    isConnected: () => browser.isConnected(),
    onDisconnected(listener) {
      browser.once('disconnected', () => listener());
    },
    close: () => browser.close(),
  };
}
