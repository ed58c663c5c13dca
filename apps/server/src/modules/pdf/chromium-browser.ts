import fs from 'node:fs/promises';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
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

/** A context of its own with its one page, refusing every request. */
interface FreshPage {
  context: BrowserContext;
  page: Page;
}

async function openFreshPage(browser: Browser, events: BrowserEvents): Promise<FreshPage> {
  // A fresh context per job: no cookies, cache or storage shared between two owners' documents.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  try {
    // Every request is refused: images arrive as data: URIs (not requests), anything else a template
    // or an answer names is never fetched, so no address inside or outside the server is reachable.
    // 'aborted' rather than 'blockedbyclient': a refused navigation (a meta refresh) then leaves the
    // document in place instead of replacing it with an error page.
    await context.route('**/*', (route) => {
      events.requestBlocked(route.request().url());
      return route.abort('aborted');
    });
    return { context, page: await context.newPage() };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Opening a context and its page starts a renderer process, which costs more than the print itself, so
 * the next job's context and page are opened ahead, once the current job is done (not while it prints:
 * both would compete for the browser's main thread). One spare, used by exactly one job, then closed:
 * still a fresh context per job.
 */
function chromiumRenderBrowser(browser: Browser, events: BrowserEvents): RenderBrowser {
  let spare: Promise<FreshPage> | undefined;

  function prepareSpare() {
    if (spare || !browser.isConnected()) return;
    const opening = openFreshPage(browser, events);
    opening.catch(() => undefined);
    spare = opening;
  }

  function takeFreshPage(): Promise<FreshPage> {
    const taken = spare ? spare.catch(() => openFreshPage(browser, events)) : openFreshPage(browser, events);
    spare = undefined;
    return taken;
  }

  prepareSpare();
  return {
    async print(documentHtml, { format }, signal) {
      signal.throwIfAborted();
      const opening = takeFreshPage();
      // Closing a context while its newPage() is pending leaves that call hanging for ever (seen with
      // Playwright 1.65), so an abort closes the context only once the page exists; the steps after it
      // reject at once when their context closes.
      const stop = () => void opening.then((fresh) => fresh.context.close()).catch(() => undefined);
      signal.addEventListener('abort', stop, { once: true });
      try {
        const { page } = await opening;
        signal.throwIfAborted();
        // Timeouts are the queue's (the signal closes the context); Playwright's own would be a second clock.
        await page.setContent(documentHtml, { waitUntil: 'load', timeout: 0 });
        return await page.pdf({ format, printBackground: true, margin: PAGE_MARGIN });
      } finally {
        signal.removeEventListener('abort', stop);
        // Closed behind the reply: the PDF is ready, and nothing of this context is used again.
        void opening.then((fresh) => fresh.context.close()).catch(() => undefined);
        prepareSpare();
      }
    },
    isConnected: () => browser.isConnected(),
    onDisconnected(listener) {
      browser.once('disconnected', () => listener());
    },
    // The spare page goes with its browser.
    close: () => browser.close(),
  };
}
