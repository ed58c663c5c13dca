import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema.js';
import type { ChatEvent, ChatEventTransport } from './chat-events.js';

/** The channel every instance listens on. */
export const CHAT_CHANNEL = 'sheetforms_chat';

export interface PgTransportOptions {
  /** Publishes through the shared pool (a NOTIFY is sent when its statement commits). */
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

/**
 * Several instances on one PostgreSQL: each event is a NOTIFY on one channel, and each instance LISTENs on
 * a dedicated connection and delivers what arrives (its own events included) to its listeners. A dropped
 * connection reconnects with backoff; events published meanwhile are not replayed, but nothing depends on
 * them: streams resume from the database by seq, and every page also polls.
 */
export function createPgTransport(options: PgTransportOptions): ChatEventTransport {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  let deliver: ((event: ChatEvent) => void) | undefined;
  let everConnected = false;
  let health: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: options.connectionString, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel !== CHAT_CHANNEL || !message.payload) return;
      const event = parseEvent(message.payload);
      if (event) deliver?.(event);
    });
    next.on('error', (error) => {
      options.onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHAT_CHANNEL}`);
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
    // Events published while this instance was not listening are lost: its streams end and their
    // clients reconnect, resuming from the database.
    if (everConnected) deliver?.({ type: 'reset' });
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
    async publish(event) {
      await sql`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`.execute(options.db);
    },
    async start(onEvent) {
      deliver = onEvent;
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

const TYPES = new Set(['message', 'read', 'typing', 'closed', 'session']);

/** A NOTIFY payload back into an event; anything else on the channel is ignored. */
export function parseEvent(payload: string): ChatEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const event = value as Record<string, unknown>;
  if (typeof event.type !== 'string' || !TYPES.has(event.type) || typeof event.sessionId !== 'string') {
    return undefined;
  }
  if (event.type === 'message' && typeof event.seq !== 'number') return undefined;
  if (event.type === 'read' && typeof event.readUpTo !== 'number') return undefined;
  return event as unknown as ChatEvent;
}
