/** Paper sizes the renderer prints on (chosen from the owner's locale, see paper-format.ts). */
export type PaperFormat = 'A4' | 'Letter';

export interface RenderOptions {
  format: PaperFormat;
  /** The PDF's title (its metadata; readers show it in the window title). */
  title?: string;
  /**
   * Who the document belongs to (the owner's id). Jobs with the same key may print in the same browser
   * page one after another; jobs with different keys never share a browser context.
   */
  isolationKey: string;
}

/** What the renderer is doing, for tests, benchmarks and logs. */
export interface PdfRendererStats {
  /** Renders holding a slot right now (never above the concurrency limit). */
  running: number;
  /** Renders waiting for a slot. */
  queued: number;
  completed: number;
  failed: number;
  timedOut: number;
  /** Turned away because the queue (or the owner's share of it) was full, or no slot came in time. */
  rejectedBusy: number;
  /** Refused for having more pages than a PDF may have. */
  tooLong: number;
  /** Browsers started so far (the first launch, recycles and restarts after crashes). */
  launches: number;
  /** Browsers swapped for a fresh one after `recycleAfter` jobs. */
  recycles: number;
  /** Browsers that went away on their own (crash, killed process). */
  crashes: number;
  /** Requests a page tried to make and the renderer aborted (it never fetches anything). */
  blockedRequests: number;
  /** Whether a browser is running now (it starts on first use). */
  browserRunning: boolean;
}

/**
 * Turns an HTML fragment (a filled, sanitized template) into a PDF. The one way the server makes PDFs:
 * routes depend on this interface, tests may put a fake behind it.
 */
export interface PdfRenderer {
  /** Throws PdfBusyError, PdfTimeoutError, PdfTooLongError, PdfUnavailableError or PdfRenderError. */
  render(html: string, options: RenderOptions): Promise<Buffer>;
  /** Starts the browser ahead of the first request; failures are reported, not thrown. */
  warm(): Promise<void>;
  stats(): PdfRendererStats;
  /** Stops the browser; later renders fail with PdfUnavailableError. */
  close(): Promise<void>;
}

/** The queue is full: answer 429 and let the caller come back after `retryAfterSeconds`. */
export class PdfBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the PDF queue is full');
    this.name = 'PdfBusyError';
  }
}

/** The job did not finish within its time budget (counted from when it started rendering). */
export class PdfTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the PDF was not rendered within ${timeoutMs} ms`);
    this.name = 'PdfTimeoutError';
  }
}

/** The document has more than `maxPages` pages; only the first pages past the limit were printed. */
export class PdfTooLongError extends Error {
  constructor(readonly maxPages: number) {
    super(`the PDF would be longer than ${maxPages} pages`);
    this.name = 'PdfTooLongError';
  }
}

/** No browser: the executable is missing or would not start (or the renderer was closed). */
export class PdfUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfUnavailableError';
  }
}

/** The browser failed while rendering this job, even after one retry on a fresh browser. */
export class PdfRenderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRenderError';
  }
}
