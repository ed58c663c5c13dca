/**
 * A real server process (local mode, the source through tsx) gets SIGTERM while a request is in flight and
 * while its sheet-sync worker holds a claim whose append waits in the emulator: the request finishes with
 * 200, the process exits with code 0 within 10 s, and no response is left claimed by it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import {
  control,
  createSheetForm,
  type LocalServer,
  signIn,
  sleep,
  startServer,
  submit,
} from '../../../../../bench/support/local-server.mjs';
import { type Dialect, describeEachDialect } from '../../test/dialects.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function createPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sheetforms_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The sync state of one response, read from the database directly. */
async function syncState(dataDir: string, databaseUrl: string | undefined, id: string): Promise<string> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const result = await client.query('SELECT sync_state FROM responses WHERE id = $1', [id]);
      return result.rows[0]?.sync_state;
    } finally {
      await client.end();
    }
  }
  const sqlite = new Database(path.join(dataDir, 'sheetforms.db'), { readonly: true, fileMustExist: true });
  try {
    return (sqlite.prepare('SELECT sync_state FROM responses WHERE id = ?').get(id) as { sync_state: string })
      .sync_state;
  } finally {
    sqlite.close();
  }
}

/**
 * A POST whose body arrives in two halves: the request is in flight from the first byte until `finish()`
 * sends the rest. Answers the status line of the reply.
 */
function slowRequest(port: number, requestPath: string, body: string) {
  const socket = net.connect(port, '127.0.0.1');
  let reply = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    reply += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${requestPath} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    async finish(): Promise<string> {
      socket.write(body.slice(half));
      await Promise.race([closed, sleep(5_000)]);
      socket.destroy();
      return reply.split('\r\n')[0] ?? '';
    },
  };
}

describeEachDialect('graceful shutdown of a server process', (dialect: Dialect) => {
  it('finishes the request in flight, lets the worker settle its claim, and exits 0 within 10 s', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetforms-shutdown-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    const server: LocalServer = await startServer({
      dataDir,
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
      entry: 'source',
      stdio: 'pipe',
    });
    cleanups.push(async () => void (await server.kill()));
    expect((await fetch(`${server.base}/api/v1/health/live`)).status).toBe(200);
    expect((await fetch(`${server.base}/api/v1/health/ready`)).status).toBe(200);

    const token = await signIn(server.base);
    const { formId } = await createSheetForm(server.base, token);
    // Every Sheets write waits 2.5 s in the emulator: the worker is inside its append when SIGTERM comes.
    await control(server.base, 'PUT', '/faults', { latencyMs: 2_500, target: 'writes' });
    const submitted = await submit(server.base, formId, randomUUID());
    expect(submitted.status).toBe(201);
    const responseId = submitted.responseId as string;
    const claimedBy = Date.now() + 5_000;
    while ((await syncState(dataDir, databaseUrl, responseId)) !== 'claimed') {
      if (Date.now() > claimedBy) throw new Error('the worker never claimed the response');
      await sleep(20);
    }

    const inFlight = slowRequest(
      server.port,
      '/__google/__emulator/id-token',
      JSON.stringify({ email: 'late@example.com', name: 'Late Request' }),
    );
    await sleep(200);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await sleep(500);
    expect(await inFlight.finish()).toBe('HTTP/1.1 200 OK');
    const exit = (await server.exited) as { code: number | null; signal: string | null };
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    // The worker finished its round before exiting: the response is settled, not left claimed for its lease.
    expect(await syncState(dataDir, databaseUrl, responseId)).not.toBe('claimed');
  }, 90_000);
});
