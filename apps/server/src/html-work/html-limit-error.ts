// The error of HTML outside HTML_LIMITS, in a module of its own: the main thread's side of the HTML work
// (html-work.ts, html-pool.ts) needs the class but not html-guard.ts's parser, which only the worker threads
// load (decision 0039).

export type HtmlLimitReason = 'too-large' | 'too-deep' | 'too-many-nodes' | 'filled-too-large';

/** HTML outside HTML_LIMITS; the pool carries the reason back to the main thread, which answers 400/413. */
export class HtmlLimitError extends Error {
  constructor(readonly reason: HtmlLimitReason) {
    super(`HTML outside its limits: ${reason}`);
    this.name = 'HtmlLimitError';
  }
}
