import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createChatRepository } from './chat.repository.js';
import { createChatService } from './chat.service.js';
import { createChatDecoys } from './chat-decoys.js';
import { type ChatEventTransport, createChatHub, createInProcessTransport } from './chat-events.js';
import { createPgTransport } from './chat-pg-transport.js';
import { createPresence } from './chat-presence.js';
import { createChatStreamTickets, type SharedTicketLedger } from './chat-stream-tickets.js';

export interface ChatModuleOptions {
  db: Kysely<Database>;
  /** PostgreSQL's URL when several instances may share the database: events cross them by LISTEN/NOTIFY. */
  postgresUrl?: string | undefined;
  jwtSecret: string;
  /** With REDIS_URL: used stream tickets remembered for every instance, not only the one that saw them. */
  ticketLedger?: SharedTicketLedger | undefined;
  /** Whether a user is (still) an Admin: checked when an admin stream opens. */
  isAdmin(userId: string): Promise<boolean>;
  /** An admin stream ends after this long (the access token's lifetime); the page opens a new one. */
  adminStreamMaxMs: number;
  retentionDays: number;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Live streams per process, and per chat session (tabs of one visitor). */
  maxStreams?: number;
  maxStreamsPerSession?: number;
  /** Visitor streams per client address, over all its chats (an office or a carrier's NAT shares one). */
  maxStreamsPerAddress?: number;
  /**
   * A visitor stream ends after at most this long (a little less, at random); the browser reconnects and
   * resumes from its last message. A slot is never held for good, and each reconnection meets the caps again.
   */
  visitorStreamMaxMs?: number;
}

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Builds the chat's parts and ties their lifecycle to the server's: the event transport and presence
 * flushes start when the server is ready; the sweep of idle and expired chats runs every ten minutes.
 */
export function createChatModule(app: FastifyInstance, options: ChatModuleOptions) {
  const onError = (error: unknown) =>
    options.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'chat: background error',
    );
  const repo = createChatRepository(options.db);
  const transport: ChatEventTransport = options.postgresUrl
    ? createPgTransport({ db: options.db, connectionString: options.postgresUrl, onError })
    : createInProcessTransport();
  const now = options.now ?? (() => new Date());
  // Keyed by the shared secret: every instance knows a decoy id, wherever the bot sends it next.
  const decoys = createChatDecoys(options.jwtSecret);
  const presence = createPresence({
    flushEveryMs: 3_000,
    // A decoy's stream and heartbeats mark it seen like any other; its id never goes to the database.
    write: (ids, at) =>
      repo.markSeen(
        ids.filter((id) => !decoys.owns(id)),
        at,
      ),
    listening: () => hub.listeningSessions(),
    now,
    onError,
  });
  const chat = createChatService({
    repo,
    transport,
    presence,
    log: options.log,
    now,
    retentionDays: options.retentionDays,
    decoys,
    // Only this instance's streams of the decoy: its messages live only here, and never cross instances.
    toDecoyStreams: (sessionId, event) => hub.deliverToVisitors(sessionId, event),
  });
  const hub = createChatHub({
    loadMessage: (sessionId, seq) => chat.message(sessionId, seq),
    maxStreams: options.maxStreams ?? 5_000,
    maxStreamsPerSession: options.maxStreamsPerSession ?? 5,
    maxStreamsPerAddress: options.maxStreamsPerAddress ?? 20,
    onError,
  });
  const tickets = createChatStreamTickets(options.jwtSecret, now, options.ticketLedger);

  let sweepTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await transport.start((event) => hub.deliver(event));
    presence.start();
    const sweep = () =>
      chat
        .sweep()
        .then((result) => {
          if (result.closed || result.deleted) options.log.info(result, 'chat: swept idle and expired chats');
        })
        .catch(onError);
    void sweep();
    sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
    sweepTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (sweepTimer) clearInterval(sweepTimer);
    await presence.stop();
    await transport.close();
  });

  return {
    chat,
    listeners: hub,
    presence,
    tickets,
    isAdmin: options.isAdmin,
    adminStreamMaxMs: options.adminStreamMaxMs,
    visitorStreamMaxMs: options.visitorStreamMaxMs ?? 10 * 60_000,
  };
}
