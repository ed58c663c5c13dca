/**
 * The request log: one JSON line per request, written when the reply is done, with a cap on the lines of
 * answered requests per second (`REQUEST_LOG_LINES_PER_SECOND`).
 *
 * Why a cap: under a burst (a form shared widely, a flood of submissions) one line per request costs the
 * main thread 4–5 % of its CPU (pino builds each line by concatenation) and a log shipper a line per
 * request. So past the cap in a second, the lines of plain successes are left out and counted instead;
 * one line at the end of that second says how many, with their statuses and the slowest of them. Lines
 * that matter one by one are never left out, whatever the rate: every answer of 400 or above, and every
 * request slower than a second. Below the cap (any ordinary day of a small business) every request has
 * its line, as before.
 */

/** The pino-like logger lines go to (the request's own child logger, so each line carries its reqId). */
export interface RequestLogger {
  info(fields: object, msg: string): void;
}

export interface RequestLineFields {
  method: string;
  url: string;
  status: number;
  ms: number;
}

export interface RequestLogOptions {
  /** Lines of answered requests (status below 400) written per second; 0 writes every line. */
  linesPerSecond: number;
  /** Where the count of the lines left out goes (the server's root logger). */
  summaryLog: RequestLogger;
  /** Milliseconds since the epoch (tests move it). */
  now?: () => number;
  /** Schedules the summary at the end of a second with left-out lines (tests run it by hand). */
  setTimer?: (run: () => void, ms: number) => { unref?(): unknown };
}

export interface RequestLog {
  /** Writes the request's line to `log`, or counts it as left out. */
  record(log: RequestLogger, fields: RequestLineFields): void;
  /** Writes the summary of the current second now, if lines were left out (on close). */
  flush(): void;
}

/** A request this slow has its line whatever the rate: it is worth looking at one by one. */
export const ALWAYS_LOGGED_AFTER_MS = 1000;

/** The message of the line that counts the lines left out. */
export const LEFT_OUT_MESSAGE = 'request lines left out';

export function createRequestLog(options: RequestLogOptions): RequestLog {
  const { linesPerSecond, summaryLog } = options;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  let second = 0;
  let written = 0;
  let leftOut = 0;
  let statuses: Record<string, number> = {};
  let slowestMs = 0;
  let timerSet = false;

  const flush = () => {
    if (leftOut > 0) {
      summaryLog.info(
        { leftOut, statuses, slowestMs, second: new Date(second * 1000).toISOString() },
        LEFT_OUT_MESSAGE,
      );
    }
    leftOut = 0;
    statuses = {};
    slowestMs = 0;
  };

  // The count is written when its second ends, even if no request follows to trigger it. One timer at a
  // time: when it fires within the same second (timers may run early by a millisecond), or after a new
  // second has begun with lines of its own left out, it waits for that second's end.
  const schedule = (at: number) => {
    timerSet = true;
    const timer = setTimer(
      () => {
        timerSet = false;
        if (leftOut === 0) return;
        const at = now();
        if (Math.floor(at / 1000) === second) schedule(at);
        else flush();
      },
      (Math.floor(at / 1000) + 1) * 1000 - at,
    );
    timer.unref?.();
  };

  return {
    record(log, fields) {
      if (linesPerSecond === 0 || fields.status >= 400 || fields.ms >= ALWAYS_LOGGED_AFTER_MS) {
        log.info(fields, 'request');
        return;
      }
      const at = now();
      const thisSecond = Math.floor(at / 1000);
      if (thisSecond !== second) {
        // A new second: the last one's count first (when its timer has not written it yet).
        flush();
        second = thisSecond;
        written = 0;
      }
      if (written < linesPerSecond) {
        written++;
        log.info(fields, 'request');
        return;
      }
      leftOut++;
      const status = String(fields.status);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (fields.ms > slowestMs) slowestMs = fields.ms;
      if (!timerSet) schedule(at);
    },
    flush,
  };
}
