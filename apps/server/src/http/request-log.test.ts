import { describe, expect, it } from 'vitest';
import {
  ALWAYS_LOGGED_AFTER_MS,
  createRequestLog,
  LEFT_OUT_MESSAGE,
  type RequestLineFields,
} from './request-log.js';

interface Line {
  fields: Record<string, unknown>;
  msg: string;
}

/** A request log on a clock the test moves, its timers run by hand. */
function harness(linesPerSecond: number) {
  let clock = Date.UTC(2026, 10, 29, 3, 0, 0);
  const lines: Line[] = [];
  const timers: Array<{ run: () => void; at: number }> = [];
  const logger = { info: (fields: object, msg: string) => void lines.push({ fields: { ...fields }, msg }) };
  const log = createRequestLog({
    linesPerSecond,
    summaryLog: logger,
    now: () => clock,
    setTimer: (run, ms) => {
      timers.push({ run, at: clock + ms });
      return {};
    },
  });
  const request = (fields: Partial<RequestLineFields> = {}) =>
    log.record(logger, { method: 'POST', url: '/api/v1/forms/f/submit-form', status: 201, ms: 3, ...fields });
  /** Moves the clock, running the timers that come due on the way. */
  const advance = (ms: number) => {
    const until = clock + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      clock = Math.max(clock, next.at);
      next.run();
    }
    clock = until;
  };
  const requestLines = () => lines.filter((line) => line.msg === 'request');
  const summaries = () => lines.filter((line) => line.msg === LEFT_OUT_MESSAGE).map((line) => line.fields);
  return { log, request, advance, lines, requestLines, summaries, timers };
}

describe('request log', () => {
  it('writes every line up to the cap in a second, then counts the rest in one line at its end', () => {
    const h = harness(3);
    for (let i = 0; i < 10; i++) h.request({ status: i % 2 ? 200 : 201, ms: i });
    expect(h.requestLines()).toHaveLength(3);
    expect(h.summaries()).toEqual([]);
    // The second ends with no request after it: the timer writes the count.
    h.advance(1000);
    expect(h.summaries()).toEqual([
      { leftOut: 7, statuses: { '200': 4, '201': 3 }, slowestMs: 9, second: '2026-11-29T03:00:00.000Z' },
    ]);
    // The next second starts afresh.
    for (let i = 0; i < 3; i++) h.request();
    expect(h.requestLines()).toHaveLength(6);
    h.advance(1000);
    expect(h.summaries()).toHaveLength(1);
  });

  it('never leaves out an error or a slow request, and does not count them against the cap', () => {
    const h = harness(1);
    h.request();
    h.request({ status: 400 });
    h.request({ status: 429 });
    h.request({ status: 500 });
    h.request({ ms: ALWAYS_LOGGED_AFTER_MS });
    h.request();
    expect(h.requestLines().map((line) => [line.fields.status, line.fields.ms])).toEqual([
      [201, 3],
      [400, 3],
      [429, 3],
      [500, 3],
      [201, ALWAYS_LOGGED_AFTER_MS],
    ]);
    h.advance(1000);
    expect(h.summaries()).toEqual([
      { leftOut: 1, statuses: { '201': 1 }, slowestMs: 3, second: '2026-11-29T03:00:00.000Z' },
    ]);
  });

  it('0 writes every line', () => {
    const h = harness(0);
    for (let i = 0; i < 500; i++) h.request();
    h.advance(5000);
    expect(h.requestLines()).toHaveLength(500);
    expect(h.summaries()).toEqual([]);
    expect(h.timers).toHaveLength(0);
  });

  it('writes a second’s count once, whether a later request or the timer comes first', () => {
    const h = harness(1);
    h.request();
    h.request();
    h.advance(1500); // the timer at the second's end writes it
    h.request();
    h.request();
    h.request();
    // The next second's first request comes before that second's timer is due, and writes the count.
    h.advance(600);
    h.request();
    expect(h.summaries().map((s) => [s.second, s.leftOut])).toEqual([
      ['2026-11-29T03:00:00.000Z', 1],
      ['2026-11-29T03:00:01.000Z', 2],
    ]);
    h.advance(5000);
    expect(h.summaries()).toHaveLength(2);
  });

  it('a timer that fires while a later second has lines left out waits for that second to end', () => {
    const h = harness(1);
    h.request();
    h.request(); // left out in second 0; a timer for its end
    // Second 1 begins before the timer runs (a busy event loop): its first request writes second 0's
    // count, and its own lines left out wait for the timer.
    h.advance(1000 - 1);
    const [timer] = h.timers.splice(0);
    h.advance(2);
    h.request();
    h.request();
    h.request();
    timer?.run(); // late, within second 1: nothing to write yet, it waits for second 1's end
    expect(h.summaries().map((s) => s.leftOut)).toEqual([1]);
    h.advance(1000);
    expect(h.summaries().map((s) => [s.second, s.leftOut])).toEqual([
      ['2026-11-29T03:00:00.000Z', 1],
      ['2026-11-29T03:00:01.000Z', 2],
    ]);
  });

  it('flush writes the current second’s count at once (the server closing)', () => {
    const h = harness(1);
    h.request();
    h.request();
    h.log.flush();
    expect(h.summaries().map((s) => s.leftOut)).toEqual([1]);
    h.advance(2000);
    expect(h.summaries()).toHaveLength(1);
  });
});
