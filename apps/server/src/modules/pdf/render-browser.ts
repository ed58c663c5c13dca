import type { RenderOptions } from './pdf-renderer.js';

/**
 * One running browser that prints documents. The Chromium implementation is chromium-browser.ts; the
 * unit tests of the queue and the supervisor use a fake.
 */
export interface RenderBrowser {
  /**
   * Prints a complete HTML document in a context that no other owner (`options.isolationKey`) has used
   * since it was cleared. Rejects soon after `signal` aborts (the context is closed under the job).
   */
  print(documentHtml: string, options: RenderOptions, signal: AbortSignal): Promise<Buffer>;
  /** False once the browser process is gone (crashed, killed or closed). */
  isConnected(): boolean;
  /** Called once when the browser goes away, whatever the reason. */
  onDisconnected(listener: () => void): void;
  close(): Promise<void>;
}

/** What a browser reports back to whoever supervises it. */
export interface BrowserEvents {
  /** A page asked for something over the network and was refused. */
  requestBlocked(url: string): void;
  /** A fresh browser context was opened (for tests and benchmarks: contexts are the isolation unit). */
  contextOpened?(): void;
  /** A context used by one owner was cleared for another owner's job (for tests and benchmarks). */
  contextCleared?(): void;
}

/** Starts a browser; rejects when there is none to start (missing executable, failed launch). */
export type BrowserLauncher = (events: BrowserEvents) => Promise<RenderBrowser>;
