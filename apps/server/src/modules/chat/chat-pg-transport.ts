import { createPgChannel, type PgChannelOptions } from '../../db/pg-channel.js';
import type { ChatEvent, ChatEventTransport } from './chat-events.js';

/** The channel every instance listens on. */
export const CHAT_CHANNEL = 'sheetforms_chat';

/** The channel's options (db/pg-channel.ts) but its name: chat always uses CHAT_CHANNEL. */
export type PgTransportOptions = Omit<PgChannelOptions, 'channel'>;

/**
 * Several instances on one PostgreSQL: each event is a NOTIFY on one channel (db/pg-channel.ts), and each
 * instance LISTENs on a dedicated connection and delivers what arrives (its own events included) to its
 * listeners. After a reconnect the listeners get a `reset`: events published meanwhile are not replayed,
 * but nothing depends on them: streams resume from the database by seq, and every page also polls.
 */
export function createPgTransport(options: PgTransportOptions): ChatEventTransport {
  const channel = createPgChannel({ ...options, channel: CHAT_CHANNEL });
  return {
    publish: (event) => channel.publish(JSON.stringify(event)),
    start: (deliver) =>
      channel.start({
        onMessage(payload) {
          const event = parseEvent(payload);
          if (event) deliver(event);
        },
        onReconnect: () => deliver({ type: 'reset' }),
      }),
    close: () => channel.close(),
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
