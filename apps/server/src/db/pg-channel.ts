import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { pgDriver } from './pg-driver.js';
import type { Database } from './schema.js';

/**
 * One PostgreSQL NOTIFY channel shared by every instance on the database: `publish` sends a text payload
 * (delivered when its statement commits), and each instance LISTENs on a dedicated connection and hands
 * what arrives (its own payloads included) to `onMessage`. A dropped connection reconnects with backoff;
 * payloads published meanwhile are not replayed, so after a reconnect `onReconnect` runs and the caller
 * rebuilds whatever it derived from them (chat streams resume from the database; caches are emptied).
 */
export interface PgChannel {
  publish(payload: string): Promise<void>;
  start(handlers: { onMessage(payload: string): void; onReconnect(): void }): Promise<void>;
  close(): Promise<void>;
}

export interface PgChannelOptions {
  /** A plain identifier (letters, digits, underscores): it is written into LISTEN. */
  channel: string;
  /** Publishes through the shared pool. */
  db: Kysely<Database>;
  /** LISTEN needs a connection of its own, kept open. */
  connectionString: string;
  onError(error: unknown): void;
  /** Reconnect delays after the listening connection drops: doubled from 250 ms up to 10 s. */
  maxReconnectMs?: number;
  /**
   * A half-open connection raises no error: the listening connection is asked `SELECT 1` this often and
   * replaced when it does not answer within 5 s (default 30 s).
   */
  healthCheckMs?: number;
}

export function createPgChannel(options: PgChannelOptions): PgChannel {
  if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`bad channel name ${options.channel}`);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  let handlers: { onMessage(payload: string): void; onReconnect(): void } | undefined;
  let everConnected = false;
  let health: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new (pgDriver().Client)({ connectionString: options.connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel !== options.channel || !message.payload) return;
      handlers?.onMessage(message.payload);
    });
    next.on('error', (error) => {
      options.onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = 250;
    // Payloads published while this instance was not listening are lost: the caller starts over.
    if (everConnected) handlers?.onReconnect();
    everConnected = true;
  }

  async function checkHealth() {
    const current = client;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the LISTEN connection did not answer in 5 s')), 5_000);
        }),
      ]);
    } catch (error) {
      options.onError(error);
      lost(current);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The listening connection dropped: connect again later, backing off while it keeps failing. */
  function lost(from: pg.Client) {
    if (client !== from) return;
    client = undefined;
    from.end().catch(() => undefined);
    reconnectLater();
  }

  function reconnectLater() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        options.onError(error);
        retryMs = Math.min(retryMs * 2, options.maxReconnectMs ?? 10_000);
        reconnectLater();
      });
    }, retryMs);
    timer.unref();
  }

  return {
    async publish(payload) {
      await sql`SELECT pg_notify(${options.channel}, ${payload})`.execute(options.db);
    },
    async start(next) {
      handlers = next;
      await connect();
      health = setInterval(() => void checkHealth(), options.healthCheckMs ?? 30_000);
      health.unref();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (health) clearInterval(health);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
