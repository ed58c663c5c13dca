import { execFileSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';

// Slow clients (headers or a body trickled byte by byte, idle keep-alive connections, thousands of
// connections at once) must not hold the server: each is cut off at its deadline, and one address may
// hold only MAX_CONNECTIONS_PER_IP connections. Every socket is opened from an explicit loopback address
// (Linux routes all of 127.0.0.0/8), so tests that count connections per address do not meet each other.

const sockets = new Set<net.Socket>();

afterEach(() => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
});

function portOf(t: TestApp): number {
  return Number(new URL(t.url).port);
}

/** A raw connection from `localAddress`; resolves once connected (or closed, if refused at once). */
function connect(t: TestApp, localAddress: string): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: portOf(t), localAddress });
    sockets.add(socket);
    socket.on('error', () => {}); // resets by the server are what some tests expect
    socket.once('connect', () => resolve(socket));
    socket.once('close', () => {
      sockets.delete(socket);
      resolve(socket);
    });
  });
}

/** What the server sent, and after how many ms (from `since`) it closed the socket; undefined if still open after `waitMs`. */
function whenClosed(
  socket: net.Socket,
  since: number,
  waitMs: number,
): Promise<{ ms?: number; received: string }> {
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('latin1');
  });
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve({ ms: Date.now() - since, received });
    const timer = setTimeout(() => resolve({ received }), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ ms: Date.now() - since, received });
    });
  });
}

/** Writes `chunk` every `everyMs` to each socket still open, until stopped. */
function trickle(targets: Iterable<net.Socket>, chunk: string, everyMs: number): () => void {
  const timer = setInterval(() => {
    for (const socket of targets) if (!socket.destroyed) socket.write(chunk);
  }, everyMs);
  return () => clearInterval(timer);
}

const SLOW_BODY_HEAD =
  'POST /api/v1/auth/google HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  'Content-Length: 1000\r\n\r\n{';

/** GET /api/v1/health over a fresh connection (no agent) from `localAddress`: status and ms taken. */
function health(t: TestApp, localAddress: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: portOf(t),
        path: '/api/v1/health',
        agent: false,
        localAddress,
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: Date.now() - started }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('health check timed out')));
    request.on('error', reject);
  });
}

describe('slow clients are cut off at their deadlines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', {
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_HEADERS_TIMEOUT_MS: '1000',
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes a connection that trickles its body (1 byte a second) at HTTP_REQUEST_TIMEOUT_MS', async () => {
    const socket = await connect(t, '127.0.0.11');
    const started = Date.now();
    socket.write(SLOW_BODY_HEAD);
    const stop = trickle([socket], ' ', 1000);
    const closed = await whenClosed(socket, started, 8000);
    stop();
    expect(closed.ms, 'the server never closed the slow connection').toBeDefined();
    // Node checks the deadline every quarter of the shortest timeout (250 ms here).
    expect(closed.ms).toBeGreaterThanOrEqual(1900);
    expect(closed.ms).toBeLessThan(4000);
    expect(closed.received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that trickles its headers at HTTP_HEADERS_TIMEOUT_MS', async () => {
    const socket = await connect(t, '127.0.0.12');
    const started = Date.now();
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n');
    const stop = trickle([socket], 'X-Slow: 1\r\n', 200);
    const closed = await whenClosed(socket, started, 8000);
    stop();
    expect(closed.ms, 'the server never closed the slow connection').toBeDefined();
    expect(closed.ms).toBeGreaterThanOrEqual(900);
    expect(closed.ms).toBeLessThan(3000);
  });

  it('closes an idle keep-alive connection at HTTP_KEEP_ALIVE_TIMEOUT_MS', async () => {
    const socket = await connect(t, '127.0.0.13');
    socket.write('GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    const answered = new Promise<number>((resolve) => socket.once('data', () => resolve(Date.now())));
    const closed = whenClosed(socket, Date.now(), 8000);
    const answeredAt = await answered;
    const { ms, received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(ms, 'the server kept the idle connection open').toBeDefined();
    const idleMs = Date.now() - answeredAt;
    expect(idleMs).toBeLessThan(3000);
  });
});

/** Open file descriptors this process may have (`ulimit -n`); each connection costs two here. */
function fdLimit(): number {
  try {
    return Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || 1024;
  } catch {
    return 1024;
  }
}

describe('many slow connections, and MAX_CONNECTIONS_PER_IP (defaults: 30 s request timeout, cap 200)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    expect(t.config.http).toMatchObject({ requestTimeoutMs: 30_000, maxConnectionsPerIp: 200 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /api/v1/health promptly while 2,000 slow clients hold connections, and caps each address', async () => {
    const cap = t.config.http.maxConnectionsPerIp;
    // 2,000 connections from 10 addresses, each at its cap; fewer if `ulimit -n` cannot hold client and server ends.
    const addresses = Math.max(1, Math.min(10, Math.floor((fdLimit() - 500) / 2 / cap)));
    const slow: net.Socket[] = [];
    for (let a = 0; a < addresses; a++) {
      const address = `127.0.1.${a + 1}`;
      for (let batch = 0; batch < cap; batch += 50) {
        const opened = await Promise.all(
          Array.from({ length: Math.min(50, cap - batch) }, () => connect(t, address)),
        );
        for (const socket of opened) socket.write(SLOW_BODY_HEAD);
        slow.push(...opened);
      }
    }
    expect(slow.length).toBe(addresses * cap);
    if (addresses < 10) console.warn(`ulimit -n allows ${slow.length} slow connections, not 2,000`);
    const stop = trickle(slow, ' ', 1000);
    try {
      // Every slow client is still connected (none was refused: each address is exactly at its cap)...
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(slow.filter((socket) => socket.destroyed)).toHaveLength(0);

      // ...and a fresh connection from another address is answered at once.
      const fresh = await health(t, '127.0.0.1');
      expect(fresh.status).toBe(200);
      expect(fresh.ms).toBeLessThan(2000);

      // One more connection from an address at its cap is closed at once, before any answer.
      const extra = await connect(t, '127.0.1.1');
      const refused = await whenClosed(extra, Date.now(), 3000);
      expect(refused.ms, 'the connection beyond the cap stayed open').toBeDefined();
      expect(refused.received).toBe('');
      await expect(health(t, '127.0.1.1')).rejects.toThrow();

      // When one of its connections closes, the address may connect again.
      const [first] = slow;
      first?.destroy();
      let again: { status: number } | undefined;
      for (let attempt = 0; attempt < 20 && !again; attempt++) {
        again = await health(t, '127.0.1.1').catch(async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return undefined;
        });
      }
      expect(again?.status).toBe(200);
    } finally {
      stop();
    }
  }, 60_000);
});
