import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { BrowserEvents } from './render-browser.js';

/** How many browser contexts the pool keeps, and for how long (decision 0030). */
export interface ContextPoolLimits {
  /**
   * Contexts kept (lent out, idle or being made ready), opened ahead between jobs up to this number; more
   * exist only while more jobs print at once than this (PDF_CONCURRENCY above it), and close after.
   */
  contexts: number;
  /** Clean contexts (new or cleared) the pool keeps ready for the next owner, clearing between jobs. */
  cleanSpares: number;
  /** A context unused this long is closed (the last one only if it holds an owner's document). */
  idleTtlMs: number;
  /** A context serves this many jobs, then is closed (the browser itself is recycled every PDF_RECYCLE_AFTER). */
  jobsPerContext: number;
}

export const DEFAULT_POOL_LIMITS: ContextPoolLimits = {
  contexts: 3,
  cleanSpares: 2,
  idleTtlMs: 30_000,
  jobsPerContext: 100,
};

/** A browser context with its one page, lent to one job at a time. */
export interface PooledContext {
  readonly context: BrowserContext;
  readonly page: Page;
  /** The owner (isolation key) whose document the page may hold; undefined when clean (new or cleared). */
  owner: string | undefined;
  /**
   * True once any frame of the context committed a document with an origin of its own (anything but
   * about:blank, about:srcdoc, data: or an error page): only such a document can reach storage or cookies,
   * and a context that had one is closed, never cleared and handed on.
   */
  readonly tainted: () => boolean;
  jobs: number;
  lastUsed: number;
  closed: boolean;
  /** The page's DevTools session, opened on the first clearing. */
  cdp: CDPSession | undefined;
}

export interface ContextPool {
  /**
   * A context for a job of `owner`: the owner's own (used last by the same owner), else a clean one,
   * else the one of another owner used longest ago, cleared first, else one being opened ahead, else a
   * new one. Never a context another owner used without clearing it.
   */
  take(owner: string): Promise<PooledContext>;
  /** The job printed: the context is kept for later jobs (its owner's first), within the limits. */
  giveBack(pooled: PooledContext): void;
  /** The job failed or was aborted: the context is closed. */
  discard(pooled: PooledContext): void;
  /**
   * Opens contexts ahead, up to `upTo` (default and at most `limits.contexts`) in all, one at a time and only
   * while no job prints. Giving a context back or discarding it does this too (and clears contexts ahead).
   */
  prepare(upTo?: number): void;
  /** Contexts idle, lent out and being opened (for tests). */
  size(): { idle: number; busy: number; opening: number };
}

/** A document with no origin of its own (opaque): no storage, cookies or service worker can be its. */
export function isBlankDocument(url: string): boolean {
  return url === '' || url.startsWith('about:') || url.startsWith('data:') || url.startsWith('chrome-error:');
}

/** A tiny document printed once in every new page: the first print of a renderer costs twice the next. */
const WARM_UP_DOCUMENT =
  '<!doctype html><html><head><meta charset="utf-8"></head><body><p>.</p></body></html>';

/** Opens a context with JavaScript off, service workers blocked and every request refused, and its page. */
async function openContext(browser: Browser, events: BrowserEvents): Promise<PooledContext> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  events.contextOpened?.();
  let tainted = false;
  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (!isBlankDocument(frame.url())) tainted = true;
    });
  };
  context.on('page', watch);
  try {
    // Every request is refused: images arrive as data: URIs (not requests), anything else a template
    // or an answer names is never fetched, so no address inside or outside the server is reachable.
    // 'aborted' rather than 'blockedbyclient': a refused navigation (a meta refresh) then leaves the
    // document in place instead of replacing it with an error page. Routing also turns the browser's
    // HTTP and memory caches off for every page of the context (Playwright disables them while routing).
    await context.route('**/*', (route) => {
      events.requestBlocked(route.request().url());
      return route.abort('aborted');
    });
    const page = await context.newPage();
    await page.setContent(WARM_UP_DOCUMENT, { waitUntil: 'load', timeout: 0 });
    await page.pdf({ format: 'A4' });
    return {
      context,
      page,
      owner: undefined,
      tainted: () => tainted,
      jobs: 0,
      lastUsed: Date.now(),
      closed: false,
      cdp: undefined,
    };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Clears a context before another owner's job: nothing the last owner's document left can reach the next.
 * Pages other than the pool's are closed; the page is navigated to a new blank document (a new Document
 * and Window), its window name and history are reset; cookies and the HTTP cache of the context are
 * cleared. Storage needs no clearing: every document printed here is an about:blank one, whose opaque
 * origin has no localStorage, IndexedDB, cookies or service workers, and a context where any document
 * got an origin of its own is never cleared but closed (`tainted`).
 */
async function clearForNextOwner(pooled: PooledContext): Promise<void> {
  const { context, page } = pooled;
  await Promise.all(context.pages().map((other) => (other === page ? undefined : other.close())));
  pooled.cdp ??= await context.newCDPSession(page);
  const cdp = pooled.cdp;
  await Promise.all([
    (async () => {
      // A window's name survives navigations within its tab: emptied first (cheaper in the old document).
      await page.evaluate("window.name = ''");
      await page.goto('about:blank', { waitUntil: 'load', timeout: 0 });
      // The first content set in a new document pays for Playwright's setup of it: paid here, not by the job.
      await page.setContent(WARM_UP_DOCUMENT, { waitUntil: 'load', timeout: 0 });
      // The tab's history would still list the documents before.
      await cdp.send('Page.resetNavigationHistory');
    })(),
    context.clearCookies(),
    cdp.send('Network.clearBrowserCache'),
  ]);
  pooled.owner = undefined;
}

/** A context being made ready ahead of a job: opened, or cleared of its last owner. */
interface Ahead {
  kind: 'open' | 'clear';
  /** Resolves with a clean context, or undefined when it failed (then it was closed). */
  promise: Promise<PooledContext | undefined>;
  /** A job waits for it: it goes to that job, not to the idle list. */
  claimed: boolean;
}

/**
 * The browser's contexts, reused across owners: opening a context and its page starts a renderer process
 * and costs several times the print itself (about 0.6 s against 0.1 s on two cores), while clearing one
 * costs about as much as the print. Both happen between jobs where they can: contexts are opened ahead
 * up to `limits.contexts`, and when a job ends with fewer than `limits.cleanSpares` clean contexts ready,
 * the idle one used longest ago is cleared in the background, so that the next owner finds a clean one
 * (owners taking turns back to back: while one owner's PDF prints, the next one's context is cleared).
 * Bounded by `limits`; closed with the browser.
 */
export function createContextPool(
  browser: Browser,
  events: BrowserEvents,
  limits: ContextPoolLimits = DEFAULT_POOL_LIMITS,
): ContextPool {
  /** Contexts between jobs, the one used last first. */
  const idle: PooledContext[] = [];
  const ahead: Ahead[] = [];
  let busy = 0;
  const sweeper = setInterval(sweepIdle, Math.max(1, limits.idleTtlMs / 2));
  sweeper.unref();
  // Closed, crashed or killed: the contexts went with the browser.
  browser.once('disconnected', () => {
    clearInterval(sweeper);
    idle.length = 0;
  });

  function close(pooled: PooledContext) {
    if (pooled.closed) return;
    pooled.closed = true;
    void pooled.context.close().catch(() => undefined);
  }

  /** How many contexts the pool opens ahead (see prepare). */
  let preparedUpTo = 0;
  const unclaimed = () => ahead.filter((entry) => !entry.claimed).length;
  const total = () => idle.length + busy + unclaimed();

  /** Makes a context ready in the background; unless a job claims it first, it joins the idle list. */
  function makeReady(kind: Ahead['kind'], making: Promise<PooledContext | undefined>) {
    const entry: Ahead = { kind, promise: making.catch(() => undefined), claimed: false };
    ahead.push(entry);
    void entry.promise.then((pooled) => {
      ahead.splice(ahead.indexOf(entry), 1);
      if (pooled && !entry.claimed) {
        if (browser.isConnected()) idle.push(pooled);
        else close(pooled);
      }
      if (kind === 'open') openNextAhead();
    });
  }

  function sweepIdle() {
    const oldest = Date.now() - limits.idleTtlMs;
    for (let i = idle.length - 1; i >= 0; i--) {
      const pooled = idle[i];
      // An owner's document goes after the idle time; a clean context stays if it is the last one.
      if (pooled && pooled.lastUsed < oldest && (pooled.owner !== undefined || total() > 1)) {
        idle.splice(i, 1);
        close(pooled);
      }
    }
    if (total() === 0 && browser.isConnected()) makeReady('open', openContext(browser, events));
  }

  /** Takes the first idle context that `matches`, searching from the one used last (or longest ago). */
  function takeIdle(matches: (pooled: PooledContext) => boolean, longestAgo = false) {
    // A context where a document got an origin of its own is closed, whoever asks.
    for (let i = idle.length - 1; i >= 0; i--) {
      const pooled = idle[i];
      if (pooled?.tainted()) {
        idle.splice(i, 1);
        close(pooled);
      }
    }
    const order = longestAgo ? [...idle].reverse() : idle;
    const found = order.find(matches);
    if (found) idle.splice(idle.indexOf(found), 1);
    return found;
  }

  /** The context cleared for another owner, or undefined (then closed) when that failed. */
  async function cleared(pooled: PooledContext): Promise<PooledContext | undefined> {
    try {
      await clearForNextOwner(pooled);
    } catch {
      close(pooled);
      return undefined;
    }
    // A document that got an origin of its own meanwhile: closed, never handed on.
    if (pooled.tainted() || pooled.closed) {
      close(pooled);
      return undefined;
    }
    events.contextCleared?.();
    return pooled;
  }

  /** Waits for a context being made ready (`kind`), claiming it; undefined when there is none or it failed. */
  async function claimAhead(kind: Ahead['kind']): Promise<PooledContext | undefined> {
    const entry = ahead.find((candidate) => candidate.kind === kind && !candidate.claimed);
    if (!entry) return undefined;
    entry.claimed = true;
    return await entry.promise;
  }

  /** Opens contexts ahead, up to `upTo` in all (never past `limits.contexts`). */
  function prepare(upTo = limits.contexts) {
    preparedUpTo = Math.min(upTo, limits.contexts);
    openNextAhead();
  }

  /**
   * Opens the next context towards `preparedUpTo`: one at a time, and none while a job prints. Opening a
   * context starts a renderer process, about half a second of CPU: two at once beside a print took a
   * 2-core machine's CPU from the PDF someone was waiting for (the worst-case proof's html-to-pdf right
   * after the first PDF went from under 1 s to 1.4 s). Each one that opens asks for the next.
   */
  function openNextAhead() {
    if (!browser.isConnected() || busy > 0 || total() >= preparedUpTo) return;
    if (ahead.some((entry) => entry.kind === 'open')) return;
    makeReady('open', openContext(browser, events));
  }

  async function take(owner: string): Promise<PooledContext> {
    const ready =
      takeIdle((pooled) => pooled.owner === owner) ??
      takeIdle((pooled) => pooled.owner === undefined) ??
      (await claimAhead('clear'));
    if (ready) return ready;
    // Clearing an idle context takes about as long as a print; opening one, several times that.
    const other = takeIdle(() => true, true);
    return (
      (other && (await cleared(other))) ?? (await claimAhead('open')) ?? (await openContext(browser, events))
    );
  }

  /** Between jobs: clears idle contexts of past owners (longest ago first) until enough are clean. */
  function clearAhead() {
    const clean = () => idle.filter((pooled) => pooled.owner === undefined).length + unclaimed();
    while (clean() < limits.cleanSpares) {
      const oldest = takeIdle((pooled) => pooled.owner !== undefined, true);
      if (!oldest) return;
      makeReady('clear', cleared(oldest));
    }
  }

  return {
    async take(owner) {
      busy += 1;
      try {
        return await take(owner);
      } catch (error) {
        busy -= 1;
        throw error;
      }
    },

    giveBack(pooled) {
      busy -= 1;
      pooled.jobs += 1;
      pooled.lastUsed = Date.now();
      if (
        pooled.closed ||
        pooled.tainted() ||
        pooled.jobs >= limits.jobsPerContext ||
        !browser.isConnected()
      ) {
        close(pooled);
      } else {
        idle.unshift(pooled);
        // Past the bound, the contexts used longest ago go.
        while (idle.length > 0 && total() > limits.contexts) {
          const surplus = idle.pop();
          if (surplus) close(surplus);
        }
      }
      prepare();
      clearAhead();
    },

    discard(pooled) {
      busy -= 1;
      close(pooled);
      prepare();
    },

    prepare,

    size: () => ({ idle: idle.length, busy, opening: ahead.length }),
  };
}
