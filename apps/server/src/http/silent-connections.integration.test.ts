import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app.js';
import { closeSilentConnectionsWithIdleOnes } from './silent-connections.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A client connection to `port`; `closed` settles when the server (or anyone) ends it. */
async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  cleanups.push(() => socket.destroy());
  await new Promise((resolve) => socket.once('connect', resolve));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  return { socket, closed, received: () => received };
}

async function listening(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

const closeOf = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise.then(() => 'done' as const),
    new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), ms)),
  ]);

describe('connections that never sent a byte, when the server closes', () => {
  it('are closed at once, where Node alone would wait for the client', async () => {
    const plain = http.createServer((_request, response) => response.end('ok'));
    const plainPort = await listening(plain);
    const left = await connect(plainPort);
    // Node alone: the close waits on the silent connection (this is what the helper is for).
    expect(await within(closeOf(plain), 300)).toBe('timed out');
    left.socket.destroy();

    const server = http.createServer((_request, response) => response.end('ok'));
    const silent = closeSilentConnectionsWithIdleOnes(server);
    const port = await listening(server);
    const client = await connect(port);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(silent.silent()).toBe(1);
    expect(await within(closeOf(server), 1_000)).toBe('done');
    expect(await within(client.closed, 1_000)).toBe('done');
  });

  it('leave a connection with part of a request alone until it is answered', async () => {
    const server = http.createServer((_request, response) => response.end('answered'));
    closeSilentConnectionsWithIdleOnes(server);
    const port = await listening(server);
    const client = await connect(port);
    client.socket.write('GET / HTTP/1.1\r\nHost: example.test\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = closeOf(server);
    expect(await within(client.closed, 200)).toBe('timed out');
    client.socket.write('\r\n');
    await expect.poll(client.received, { timeout: 2_000 }).toContain('answered');
    client.socket.destroy();
    expect(await within(closing, 1_000)).toBe('done');
  });

  it("let the app's close finish promptly", async () => {
    const t = await startTestApp('sqlite');
    const client = await connect(Number(new URL(t.url).port));
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await within(client.closed, 1_000)).toBe('done');
  });
});
