import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { LEFT_OUT_MESSAGE } from './request-log.js';

// Past REQUEST_LOG_LINES_PER_SECOND, a burst's plain successes are counted rather than written one by one,
// and every error line is still written. Over real HTTP, with the server's own logger (on SQLite only: the
// database plays no part).

describe('request log cap', () => {
  const dialect = 'sqlite';
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A test app at LOG_LEVEL info with the given cap, and the log lines it writes. */
  async function startWithCap(linesPerSecond: string) {
    const lines: Array<Record<string, unknown>> = [];
    t = await startTestApp(
      dialect,
      { LOG_LEVEL: 'info', REQUEST_LOG_LINES_PER_SECOND: linesPerSecond },
      { logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    );
    return { app: t, lines };
  }

  it('a burst past the cap: some lines, one count for the rest, every 404 line', async () => {
    const { app, lines } = await startWithCap('5');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.request('GET', i % 10 === 9 ? '/api/v1/nowhere' : '/api/v1/health'),
      ),
    );
    expect(burst.filter((reply) => reply.status === 200)).toHaveLength(36);
    expect(burst.filter((reply) => reply.status === 404)).toHaveLength(4);

    const requestLines = () => lines.filter((line) => line.msg === 'request');
    const counts = () => lines.filter((line) => line.msg === LEFT_OUT_MESSAGE);
    const leftOut = () => counts().reduce((sum, line) => sum + Number(line.leftOut), 0);
    // The count comes when the burst's second ends, with no further request to bring it.
    await expect.poll(() => requestLines().filter((line) => line.status === 200).length + leftOut()).toBe(36);
    // The burst spans one second, or two if it straddles a turn: at most five lines of 200 in each.
    expect(requestLines().filter((line) => line.status === 200).length).toBeLessThanOrEqual(10);
    expect(leftOut()).toBeGreaterThanOrEqual(26);
    for (const count of counts()) {
      expect(count).toMatchObject({ level: 30, statuses: { '200': count.leftOut } });
      expect(count.slowestMs).toEqual(expect.any(Number));
      expect(Date.parse(String(count.second))).not.toBeNaN();
    }
    // Errors are never left out, and each line still carries its request id.
    const notFound = requestLines().filter((line) => line.status === 404);
    expect(notFound).toHaveLength(4);
    for (const line of notFound) {
      expect(line).toMatchObject({ method: 'GET', url: '/api/v1/nowhere', reqId: expect.any(String) });
    }
  });

  it('0 writes a line for every request', async () => {
    const { app, lines } = await startWithCap('0');
    await Promise.all(Array.from({ length: 150 }, () => app.request('GET', '/api/v1/health')));
    expect(lines.filter((line) => line.msg === 'request' && line.status === 200)).toHaveLength(150);
    expect(lines.filter((line) => line.msg === LEFT_OUT_MESSAGE)).toEqual([]);
  });
});
