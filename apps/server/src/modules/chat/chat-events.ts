import type { ChatMessage } from '@sheetforms/contract';

/**
 * What happened in a chat, as it crosses instances. Events carry ids, never message text: a PostgreSQL
 * NOTIFY payload is capped at 8000 bytes, and the listener reads the message from the database anyway.
 */
export type ChatEvent =
  /** A message was stored (every listener of the session, and admins). */
  | { type: 'message'; sessionId: string; seq: number }
  /** The admins read the visitor's messages up to `readUpTo`. */
  | { type: 'read'; sessionId: string; readUpTo: number }
  /** An admin is typing (the visitor shows it for a few seconds). */
  | { type: 'typing'; sessionId: string }
  /** The session was closed (by an admin or for idleness). */
  | { type: 'closed'; sessionId: string }
  /** The session started or changed in a way the admin list shows. */
  | { type: 'session'; sessionId: string }
  /**
   * Local only: this instance may have missed events (its LISTEN connection was lost): every stream here
   * is ended, and its client reconnects and resumes from the database.
   */
  | { type: 'reset' };

/** How events travel: in process (one instance, SQLite) or PostgreSQL LISTEN/NOTIFY (several). */
export interface ChatEventTransport {
  publish(event: ChatEvent): Promise<void>;
  /** Starts delivering every published event (this instance's own included) to `deliver`. */
  start(deliver: (event: ChatEvent) => void): Promise<void>;
  close(): Promise<void>;
}

/** One instance: events go straight to this process's listeners, after the current call stack. */
export function createInProcessTransport(): ChatEventTransport {
  let deliver: ((event: ChatEvent) => void) | undefined;
  return {
    async publish(event) {
      const target = deliver;
      if (target) queueMicrotask(() => target(event));
    },
    async start(onEvent) {
      deliver = onEvent;
    },
    async close() {
      deliver = undefined;
    },
  };
}

/** What a visitor's stream is told. */
export type VisitorEvent =
  | { type: 'message'; message: ChatMessage }
  | { type: 'read'; readUpTo: number }
  | { type: 'typing' }
  | { type: 'closed' }
  | { type: 'reset' };

/** What an admin's stream is told. */
export type AdminEvent =
  | { type: 'message'; sessionId: string; message: ChatMessage }
  | { type: 'session'; sessionId: string }
  | { type: 'reset' };

export interface ChatListeners {
  /**
   * Answers an unsubscribe; undefined when a cap is reached: the process's, the session's, or that of
   * `address` (the client's address key, as the public limits count it).
   */
  addVisitor(
    sessionId: string,
    address: string,
    listener: (event: VisitorEvent) => void,
  ): (() => void) | undefined;
  addAdmin(listener: (event: AdminEvent) => void): (() => void) | undefined;
  /** Sessions with a live visitor stream on this instance (they count as online). */
  listeningSessions(): string[];
  streamCount(): number;
}

export interface ChatHubOptions {
  /** Reads a stored message once for every listener of this instance. */
  loadMessage(sessionId: string, seq: number): Promise<ChatMessage | undefined>;
  maxStreams: number;
  maxStreamsPerSession: number;
  /**
   * Visitor streams one client address may hold, whatever the sessions: starting chats is cheap, so the
   * per-session cap alone would let a few dozen addresses hold every visitor slot. Admins' streams are
   * not counted.
   */
  maxStreamsPerAddress: number;
  /**
   * Of `maxStreams`, how many visitors can never take: admins' streams always find room. Visitors may open
   * streams by starting chats (limited per address, but addresses are many), and without a reserve a few
   * dozen addresses could hold every slot and turn the support console away. A tenth by default.
   */
  adminReserve?: number;
  onError(error: unknown): void;
}

/**
 * Fans transported events out to this instance's live streams. A message event is read from the
 * database once, whatever the number of listeners.
 */
export function createChatHub(options: ChatHubOptions): ChatListeners & {
  deliver(event: ChatEvent): void;
  /**
   * Tells this instance's visitor streams of one session, and no one else (no admin, no other instance):
   * how a decoy chat's streams get what a real chat's streams get through `deliver`.
   */
  deliverToVisitors(sessionId: string, event: VisitorEvent): void;
} {
  const visitors = new Map<string, Set<(event: VisitorEvent) => void>>();
  const admins = new Set<(event: AdminEvent) => void>();
  // Open visitor streams by address key; an address leaves the map with its last stream.
  const byAddress = new Map<string, number>();
  let count = 0;
  const adminReserve = options.adminReserve ?? Math.max(1, Math.floor(options.maxStreams / 10));
  const visitorStreamsMax = Math.max(0, options.maxStreams - adminReserve);

  const toVisitors = (sessionId: string, event: VisitorEvent) => {
    for (const listener of visitors.get(sessionId) ?? []) listener(event);
  };
  const toAdmins = (event: AdminEvent) => {
    for (const listener of admins) listener(event);
  };

  return {
    deliver(event) {
      switch (event.type) {
        case 'message': {
          if (!visitors.has(event.sessionId) && admins.size === 0) return;
          options
            .loadMessage(event.sessionId, event.seq)
            .then((message) => {
              if (!message) return;
              toVisitors(event.sessionId, { type: 'message', message });
              toAdmins({ type: 'message', sessionId: event.sessionId, message });
            })
            .catch(options.onError);
          return;
        }
        case 'read':
          toVisitors(event.sessionId, { type: 'read', readUpTo: event.readUpTo });
          toAdmins({ type: 'session', sessionId: event.sessionId });
          return;
        case 'typing':
          toVisitors(event.sessionId, { type: 'typing' });
          return;
        case 'closed':
          toVisitors(event.sessionId, { type: 'closed' });
          toAdmins({ type: 'session', sessionId: event.sessionId });
          return;
        case 'session':
          toAdmins({ type: 'session', sessionId: event.sessionId });
          return;
        case 'reset':
          for (const listeners of [...visitors.values()]) {
            for (const listener of [...listeners]) listener({ type: 'reset' });
          }
          for (const listener of [...admins]) listener({ type: 'reset' });
          return;
      }
    },
    deliverToVisitors: toVisitors,
    addVisitor(sessionId, address, listener) {
      const set = visitors.get(sessionId) ?? new Set();
      const visitorStreams = count - admins.size;
      if (count >= options.maxStreams || visitorStreams >= visitorStreamsMax) return undefined;
      if (set.size >= options.maxStreamsPerSession) return undefined;
      const fromAddress = byAddress.get(address) ?? 0;
      if (fromAddress >= options.maxStreamsPerAddress) return undefined;
      set.add(listener);
      visitors.set(sessionId, set);
      byAddress.set(address, fromAddress + 1);
      count++;
      return () => {
        if (!set.delete(listener)) return;
        count--;
        if (set.size === 0) visitors.delete(sessionId);
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
    addAdmin(listener) {
      if (count >= options.maxStreams) return undefined;
      admins.add(listener);
      count++;
      return () => {
        if (admins.delete(listener)) count--;
      };
    },
    listeningSessions: () => [...visitors.keys()],
    streamCount: () => count,
  };
}
