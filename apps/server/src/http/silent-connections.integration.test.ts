import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app.js';
import { boundSilentConnections } from './silent-connections.js';

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

const LONG = { firstByteTimeoutMs: 60_000 };

describe('connections that never send a byte', () => {
  it('are closed when the server closes, where Node alone would wait for the client', async () => {
    const plain = http.createServer((_request, response) => response.end('ok'));
    const plainPort = await listening(plain);
    const left = await connect(plainPort);
    // Node alone: the close waits on the silent connection (this is what the helper is for).
    expect(await within(closeOf(plain), 500)).toBe('timed out');
    left.socket.destroy();

    const server = http.createServer((_request, response) => response.end('ok'));
    boundSilentConnections(server, { ...LONG, closeGraceMs: 50 });
    const client = await connect(await listening(server));
    expect(await within(closeOf(server), 1_000)).toBe('done');
    expect(await within(client.closed, 1_000)).toBe('done');
  });

  it('are closed after the first-byte timeout, which Node never applies to them', async () => {
    const server = http.createServer((_request, response) => response.end('ok'));
    cleanups.push(() => server.close());
    boundSilentConnections(server, { firstByteTimeoutMs: 200 });
    const port = await listening(server);
    const silent = await connect(port);
    const talking = await connect(port);
    talking.socket.write('GET / HTTP/1.1\r\nHost: example.test\r\n\r\n');
    expect(await within(silent.closed, 2_000)).toBe('done');
    await expect.poll(talking.received).toContain('ok');
    // The connection that spoke is the keep-alive's to end, not this bound's.
    expect(await within(talking.closed, 300)).toBe('timed out');
  });

  it('answer a request written just as the server closes, before it was read', async () => {
    const server = http.createServer((_request, response) => response.end('answered'));
    boundSilentConnections(server, LONG);
    // The server closes the moment it accepts the connection: the request is on its way, not read yet.
    let closing: Promise<void> | undefined;
    server.once('connection', () => {
      closing = closeOf(server);
    });
    const port = await listening(server);
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write('GET / HTTP/1.1\r\nHost: example.test\r\nConnection: close\r\n\r\n'),
    );
    cleanups.push(() => socket.destroy());
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received).toContain('answered');
    expect(await within(closing ?? Promise.reject(new Error('never accepted')), 1_000)).toBe('done');
  });

  it('leave a connection with part of a request alone until it is answered', async () => {
    const server = http.createServer((_request, response) => response.end('answered'));
    boundSilentConnections(server, { ...LONG, closeGraceMs: 10 });
    const client = await connect(await listening(server));
    client.socket.write('GET / HTTP/1.1\r\nHost: example.test\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = closeOf(server);
    expect(await within(client.closed, 300)).toBe('timed out');
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
    // Without the bound the close waits for the client (here: for ever). Room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await within(client.closed, 1_000)).toBe('done');
  });
});
