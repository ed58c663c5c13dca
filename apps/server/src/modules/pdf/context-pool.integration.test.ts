import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumRenderBrowser } from './chromium-browser.js';
import { type ContextPoolLimits, createContextPool, DEFAULT_POOL_LIMITS } from './context-pool.js';
import { readPdf, TEST_CHROMIUM } from './pdf.test-support.js';
import { printDocument } from './print-document.js';
import type { RenderBrowser } from './render-browser.js';

const hasChromium = fs.existsSync(TEST_CHROMIUM);
if (!hasChromium) console.warn(`Chromium tests skipped: no Chromium at ${TEST_CHROMIUM}`);

/** An origin a document of the pool could only reach if every wall around it had failed. */
const OWNER_A_ORIGIN = 'http://owner-a.test';

/**
 * A real Chromium with the renderer's context pool on it, keeping the Browser handle so that a test can
 * look inside the contexts (and play an owner's document that escaped every wall).
 */
async function pooledBrowser(limits: Partial<ContextPoolLimits> = {}) {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS });
  const counts = { opened: 0, cleared: 0 };
  const renderer = chromiumRenderBrowser(
    browser,
    {
      requestBlocked() {},
      contextOpened: () => {
        counts.opened += 1;
      },
      contextCleared: () => {
        counts.cleared += 1;
      },
    },
    { ...DEFAULT_POOL_LIMITS, ...limits },
  );
  const signal = new AbortController().signal;
  async function print(owner: string, text: string) {
    const pdf = await renderer.print(
      printDocument(`<p>${text}</p>`),
      { format: 'A4', isolationKey: owner },
      signal,
    );
    return (await readPdf(pdf)).text;
  }
  return { browser, renderer, counts, print };
}

/** The one context of a pool limited to one, and its one page. */
function onlyContext(browser: Browser): { context: BrowserContext; page: Page } {
  const contexts = browser.contexts();
  expect(contexts).toHaveLength(1);
  const [context] = contexts as [BrowserContext];
  const [page] = context.pages() as [Page];
  return { context, page };
}

/** A page of `context` showing a document of OWNER_A_ORIGIN, with script on for it (DevTools evaluation). */
async function pageAtOwnerAOrigin(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // A page's own route is consulted before the context's, which refuses everything.
  await page.route(`${OWNER_A_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>owner A</p>' }),
  );
  await page.goto(`${OWNER_A_ORIGIN}/`);
  return page;
}

/** Waits until `condition` holds (the pool works between jobs, in the background). */
async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  for (let waited = 0; !condition(); waited += 50) {
    if (waited > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!hasChromium)('PDF browser contexts shared by owners in turn', () => {
  let browser: Browser | undefined;
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });

  it('keeps an owner page as it is for that owner, and clears it before another owner prints in it', async () => {
    // One context and no clearing ahead: every handover happens in front of the test.
    const pool = await pooledBrowser({ contexts: 1, cleanSpares: 0 });
    browser = pool.browser;
    expect(await pool.print('owner-a', 'First of A')).toContain('First of A');
    const { context, page } = onlyContext(browser);
    const second = await pool.print('owner-a', 'Second of A');
    expect(second).toContain('Second of A');
    expect(second).not.toContain('First of A'); // the page held only the new document
    expect(pool.counts).toEqual({ opened: 1, cleared: 0 }); // A's own page, as it was

    // What A's document could have left if it had run script or opened a window (it can do neither):
    // a cookie, a second page, a window name and a history entry.
    await context.addCookies([{ name: 'secret', value: 'owner-a', url: `${OWNER_A_ORIGIN}/` }]);
    const leftOpen = await context.newPage();
    await page.evaluate("window.name = 'owner-a'; history.pushState(null, '', '')");
    expect(await page.evaluate('[window.name, history.length]')).toEqual(['owner-a', 2]);

    const b = await pool.print('owner-b', 'Only B');
    expect(b).toContain('Only B');
    expect(b).not.toContain('of A');
    // The same context and page, cleared in between: nothing of A's is left in it.
    expect(pool.counts).toEqual({ opened: 1, cleared: 1 });
    const after = onlyContext(browser);
    expect(after.context).toBe(context);
    expect(after.page).toBe(page);
    expect(await context.cookies()).toEqual([]);
    expect(context.pages()).toEqual([page]);
    expect(leftOpen.isClosed()).toBe(true);
    expect(await page.evaluate('[window.name, history.length]')).toEqual(['', 1]);

    // And back to A: cleared again, B's document is gone.
    expect(await pool.print('owner-a', 'Third of A')).not.toContain('Only B');
    expect(pool.counts).toEqual({ opened: 1, cleared: 2 });
  }, 60_000);

  it('closes a context where a document got an origin of its own, storage and all, instead of handing it on', async () => {
    const pool = await pooledBrowser({ contexts: 1, cleanSpares: 0 });
    browser = pool.browser;
    await pool.print('owner-a', 'A');
    const { context: contextOfA } = onlyContext(browser);
    // A document of A's that escaped every wall: it reached an origin and wrote its storage and a cookie.
    const escaped = await pageAtOwnerAOrigin(contextOfA);
    await escaped.evaluate(
      "localStorage.setItem('secret', 'owner-a'); sessionStorage.setItem('secret', 'owner-a'); document.cookie = 'secret=owner-a; path=/'",
    );
    expect(await escaped.evaluate("localStorage.getItem('secret')")).toBe('owner-a');
    expect((await contextOfA.cookies()).map((cookie) => cookie.value)).toEqual(['owner-a']);

    expect(await pool.print('owner-b', 'Only B')).toContain('Only B');
    // B printed in a new context; A's is gone, with its storage.
    expect(pool.counts).toEqual({ opened: 2, cleared: 0 });
    const current = browser;
    await until(() => current.contexts().length === 1, "A's context to close");
    const { context: contextOfB } = onlyContext(browser);
    expect(contextOfB).not.toBe(contextOfA);
    expect(escaped.isClosed()).toBe(true);
    expect(await contextOfB.cookies()).toEqual([]);
    const reader = await pageAtOwnerAOrigin(contextOfB);
    expect(
      await reader.evaluate(
        "[localStorage.getItem('secret'), sessionStorage.getItem('secret'), document.cookie]",
      ),
    ).toEqual([null, null, '']);
  }, 60_000);

  it('prints every document in an opaque origin, with no storage to write', async () => {
    const pool = await pooledBrowser({ contexts: 1, cleanSpares: 0 });
    browser = pool.browser;
    await pool.print('owner-a', 'A');
    const { page } = onlyContext(browser);
    expect(page.url()).toBe('about:blank');
    expect(await page.evaluate('self.origin')).toBe('null');
    // localStorage, sessionStorage, IndexedDB and cookies all refuse an opaque origin, with script or not.
    for (const write of [
      "localStorage.setItem('secret', 'owner-a')",
      "sessionStorage.setItem('secret', 'owner-a')",
      "indexedDB.open('secret')",
      "document.cookie = 'secret=owner-a'",
    ]) {
      await expect(page.evaluate(write), write).rejects.toThrow(/SecurityError/);
    }
  }, 60_000);

  it('with owners taking turns, clears contexts between jobs, never more than the pool holds', async () => {
    const pool = await pooledBrowser();
    browser = pool.browser;
    const owners = ['owner-1', 'owner-2', 'owner-3', 'owner-4', 'owner-5'];
    for (let round = 0; round < 3; round++) {
      for (const owner of owners) {
        const text = await pool.print(owner, `Round ${round} of ${owner}`);
        expect(text).toContain(`Round ${round} of ${owner}`);
        expect(text.match(/Round \d of owner-\d/g)).toEqual([`Round ${round} of ${owner}`]);
        expect(browser.contexts().length).toBeLessThanOrEqual(DEFAULT_POOL_LIMITS.contexts);
      }
    }
    // Three contexts at most were ever opened; the other owners printed in cleared ones.
    expect(pool.counts.opened).toBeLessThanOrEqual(DEFAULT_POOL_LIMITS.contexts);
    expect(pool.counts.cleared).toBeGreaterThanOrEqual(owners.length);
    // No context holds more than its one page.
    for (const context of browser.contexts()) expect(context.pages()).toHaveLength(1);
  }, 120_000);

  it('closes an owner context left idle, keeping one clean context warm', async () => {
    const pool = await pooledBrowser({ contexts: 2, cleanSpares: 0, idleTtlMs: 300 });
    browser = pool.browser;
    await pool.print('owner-a', 'Idle A');
    await pool.print('owner-b', 'Idle B');
    // Both owner contexts close; what stays is one context whose page holds neither document.
    const current = browser;
    const settled = async () => {
      const contexts = current.contexts();
      const pages = contexts[0]?.pages() ?? [];
      if (contexts.length !== 1 || pages.length !== 1 || !pages[0]) return false;
      const text = await pages[0].evaluate('document.body?.innerText ?? ""').catch(() => 'Idle');
      return !String(text).includes('Idle');
    };
    for (let waited = 0; !(await settled()); waited += 100) {
      if (waited > 15_000) throw new Error('the idle owner contexts did not close');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pool.counts.opened).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('opens contexts ahead one at a time, and none while a job prints', async () => {
    // Each opening starts a renderer process (about half a second of CPU): beside a print, or two at
    // once, they took a 2-core machine's CPU from the PDF someone was waiting for.
    browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS });
    let opened = 0;
    const pool = createContextPool(
      browser,
      { requestBlocked() {}, contextOpened: () => (opened += 1), contextCleared() {} },
      { ...DEFAULT_POOL_LIMITS, contexts: 3, cleanSpares: 0 },
    );
    const job = await pool.take('owner-a');
    pool.prepare();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.size()).toEqual({ idle: 0, busy: 1, opening: 0 });

    let mostOpening = 0;
    const watch = setInterval(() => {
      mostOpening = Math.max(mostOpening, pool.size().opening);
    }, 5);
    try {
      pool.giveBack(job);
      await until(() => pool.size().idle === 3, 'three contexts ready');
    } finally {
      clearInterval(watch);
    }
    expect(mostOpening).toBe(1);
    expect(opened).toBe(3);
    expect(browser.contexts()).toHaveLength(3);
  }, 60_000);

  it('closes a context after its number of jobs and opens another', async () => {
    const pool = await pooledBrowser({ contexts: 1, cleanSpares: 0, jobsPerContext: 2 });
    browser = pool.browser;
    await pool.print('owner-a', 'One');
    const { context: first } = onlyContext(browser);
    await pool.print('owner-a', 'Two');
    expect(await pool.print('owner-a', 'Three')).toContain('Three');
    expect(onlyContext(browser).context).not.toBe(first);
    expect(pool.counts.opened).toBe(2);
  }, 60_000);
});

describe.skipIf(!hasChromium)('PDF browser contexts after a failed job', () => {
  let renderer: RenderBrowser | undefined;
  afterEach(async () => {
    await renderer?.close();
  });

  it('closes the context of an aborted job and prints the next job in another', async () => {
    const pool = await pooledBrowser({ contexts: 1, cleanSpares: 0 });
    renderer = pool.renderer;
    await pool.print('owner-a', 'Before');
    const { context } = onlyContext(pool.browser);
    const controller = new AbortController();
    const huge = printDocument(`<p>${'Lorem ipsum dolor sit amet. '.repeat(40_000)}</p>`);
    const job = pool.renderer.print(huge, { format: 'A4', isolationKey: 'owner-a' }, controller.signal);
    setTimeout(() => controller.abort(new Error('stop')), 200);
    await expect(job).rejects.toThrow();
    expect(await pool.print('owner-a', 'After')).toContain('After');
    expect(onlyContext(pool.browser).context).not.toBe(context);
    expect(pool.counts.opened).toBe(2);
  }, 60_000);
});
