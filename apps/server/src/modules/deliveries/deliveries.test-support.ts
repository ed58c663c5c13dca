import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '../../db/database.js';

export { startMailbox } from '../../test/mailbox.js';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback: records each POST and answers with the next status queued for its path. */
export async function startReceiver() {
  const received: ReceivedHook[] = [];
  /** POSTs taken while holding, never answered. */
  const held: ReceivedHook[] = [];
  let holding = false;
  const statuses = new Map<string, number[]>();
  const delays = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (holding) {
        // Read in full, never answered: the sender waits for its status.
        held.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        return;
      }
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.get(path)?.shift() ?? 200;
      const answer = () =>
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now');
      const delayMs = delays.get(path) ?? 0;
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    held,
    /** While on, each POST is recorded in `held` and never answered (a send in flight for a crash test). */
    hold(on: boolean) {
      holding = on;
    },
    at: (path: string) => received.filter((hook) => hook.path === path),
    /** The next answers on `path`, in order (then 200). */
    answer(path: string, ...codes: number[]) {
      statuses.set(path, codes);
    },
    /** Each answer on `path` comes this much later (a send stays in flight that long). */
    delay(path: string, ms: number) {
      delays.set(path, ms);
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it answers something truthy, for at most `ms`. */
export async function eventually<T>(check: () => T | Promise<T>, ms = 10_000): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A form's enabled webhook to `url`, stored as the webhooks routes store one; answers its id. */
export async function insertWebhook(
  database: DatabaseHandle,
  formRowId: string,
  url: string,
): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await database.db
    .insertInto('webhooks')
    .values({
      id,
      form_id: formRowId,
      url,
      secret: 'whsec_test',
      events_json: '["response.created"]',
      enabled: 1,
      disabled_reason: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}
