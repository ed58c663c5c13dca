import { randomBytes } from 'node:crypto';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatAdminConversation,
  type ChatConversation,
  type ChatMessage,
  type ChatSessionSummary,
  type ChatStartBody,
  type ChatStarted,
} from '@sheetforms/contract';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import type { ChatMessageRow, ChatRepository } from './chat.repository.js';
import { type ChatDecoys, createChatDecoys } from './chat-decoys.js';
import type { ChatEvent, ChatEventTransport, VisitorEvent } from './chat-events.js';
import type { Presence } from './chat-presence.js';
import { messageView, parseSince, sessionSummary } from './chat-views.js';

export interface ChatServiceDeps {
  repo: ChatRepository;
  transport: ChatEventTransport;
  presence: Pick<Presence, 'seen'>;
  log: { warn(obj: object, msg?: string): void };
  now?: () => Date;
  /** 128 random bits, base64url (22 characters): the visitor's only credential. */
  newSessionId?: () => string;
  /** Active chats with no message for this long close themselves (24 hours). */
  idleCloseMs?: number;
  /** Closed chats are deleted after this many days (CHAT_RETENTION_DAYS). */
  retentionDays: number;
  /** The honeypot's chats (chat-decoys.ts); by default keyed by a random key of this process. */
  decoys?: ChatDecoys;
  /**
   * Tells this instance's open streams of a decoy chat what a real chat's streams would be told (its
   * posted message, its closing); never admins, the database or other instances.
   */
  toDecoyStreams?: (sessionId: string, event: VisitorEvent) => void;
}

export const chatNotFound = () => notFound(CHAT_MESSAGES.sessionNotFound, 'CHAT_NOT_FOUND');

const DAY_MS = 86_400_000;
const SWEEP_BATCH = 1_000;

/** The visitor's and the admins' use cases. The caller's role, not the body, decides the sender. */
export function createChatService(deps: ChatServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newSessionId = deps.newSessionId ?? (() => randomBytes(16).toString('base64url'));
  const idleCloseMs = deps.idleCloseMs ?? DAY_MS;
  const decoys = deps.decoys ?? createChatDecoys(randomBytes(32));
  const { repo } = deps;

  // After the current call stack, as the in-process transport delivers a real chat's events.
  function toDecoyStreams(sessionId: string, event: VisitorEvent) {
    const deliver = deps.toDecoyStreams;
    if (deliver) queueMicrotask(() => deliver(sessionId, event));
  }

  function publish(event: ChatEvent) {
    deps.transport.publish(event).catch((error: unknown) => {
      // Listeners also poll and resume from the database: a lost event delays, never loses, a message.
      deps.log.warn({ err: String(error), event: event.type }, 'chat: could not publish an event');
    });
  }

  const invalidSince = () =>
    badRequest('INVALID_SINCE', 'since must be a message id, a sequence number or an ISO timestamp');
  const unknownSince = () => badRequest('INVALID_SINCE', 'since names no message of this chat');

  async function messagesAfter(sessionId: string, since: string | undefined): Promise<ChatMessageRow[]> {
    const cursor = parseSince(since);
    switch (cursor.kind) {
      case 'none':
        return repo.messagesAfter(sessionId, 0, CHAT_LIMITS.pageMax);
      case 'seq':
        return repo.messagesAfter(sessionId, cursor.seq, CHAT_LIMITS.pageMax);
      case 'message': {
        const seq = await repo.seqOfMessage(sessionId, cursor.id);
        if (seq === undefined) throw unknownSince();
        return repo.messagesAfter(sessionId, seq, CHAT_LIMITS.pageMax);
      }
      case 'instant':
        return repo.messagesSince(sessionId, cursor.iso, CHAT_LIMITS.pageMax);
      case 'invalid':
        throw invalidSince();
    }
  }

  /** A decoy's poll: what it was sent, after `since`, with the same refusals as a stored chat. */
  function decoyConversation(sessionId: string, since: string | undefined): ChatConversation {
    const cursor = parseSince(since);
    if (cursor.kind === 'invalid') throw invalidSince();
    const messages = decoys.messagesAfter(sessionId, cursor);
    if (!messages) throw unknownSince();
    return { messages, status: decoys.status(sessionId), readUpTo: 0, supportTyping: false };
  }

  async function requireSession(sessionId: string) {
    const session = await repo.findSession(sessionId);
    if (!session) throw chatNotFound();
    return session;
  }

  return {
    async start(body: ChatStartBody): Promise<ChatStarted> {
      // A bot filled the hidden field: it gets a decoy chat, which answers as a real one and stores nothing.
      if (body.website) return { sessionId: decoys.start(now()), messages: [] };
      let sessionId = newSessionId();
      // (1 in 2^64: a random id that reads as a decoy's would lose its messages.)
      while (decoys.owns(sessionId)) sessionId = newSessionId();
      await repo.insertSession({
        id: sessionId,
        userName: body.userName,
        userEmail: body.userEmail ?? '',
        now: now().toISOString(),
      });
      publish({ type: 'session', sessionId });
      return { sessionId, messages: [] };
    },

    /** A visitor's poll: messages after `since`, and whether support read them or is typing. */
    async visitorConversation(sessionId: string, since: string | undefined): Promise<ChatConversation> {
      if (decoys.owns(sessionId)) return decoyConversation(sessionId, since);
      const session = await requireSession(sessionId);
      if (session.status === 'active') deps.presence.seen(sessionId);
      const messages = await messagesAfter(sessionId, since);
      const typingUntil = session.admin_typing_until ? Date.parse(session.admin_typing_until) : 0;
      return {
        messages: messages.map(messageView),
        status: session.status,
        readUpTo: session.admin_read_seq,
        supportTyping: session.status === 'active' && typingUntil > now().getTime(),
      };
    },

    async post(sessionId: string, text: string, sender: 'user' | 'admin'): Promise<ChatMessage> {
      // The visitor's message is echoed to them (answer and streams), never stored; for admins a decoy
      // does not exist.
      if (decoys.owns(sessionId)) {
        if (sender === 'admin') throw chatNotFound();
        const message = decoys.post(sessionId, text, now());
        if (!message) throw new HttpError(409, 'CHAT_CLOSED', CHAT_MESSAGES.closedBySupport);
        toDecoyStreams(sessionId, { type: 'message', message });
        return message;
      }
      const result = await repo.appendMessage({ sessionId, sender, text, now: now().toISOString() });
      if (!result.ok) {
        if (result.reason === 'not-found') throw chatNotFound();
        throw new HttpError(
          409,
          'CHAT_CLOSED',
          sender === 'user' ? CHAT_MESSAGES.closedBySupport : CHAT_MESSAGES.closedForAdmin,
        );
      }
      if (sender === 'user') deps.presence.seen(sessionId);
      publish({ type: 'message', sessionId, seq: result.message.seq });
      if (sender === 'admin') publish({ type: 'read', sessionId, readUpTo: result.session.admin_read_seq });
      return messageView(result.message);
    },

    async adminList(status: 'active' | 'closed', q: string | undefined): Promise<ChatSessionSummary[]> {
      const at = now();
      return (await repo.listSessions(status, q || undefined, 200)).map((row) => sessionSummary(row, at));
    },

    /** An admin opens (or refreshes) a conversation: the read marker moves for every admin. */
    async adminConversation(sessionId: string, since: string | undefined): Promise<ChatAdminConversation> {
      const read = await repo.markRead(sessionId);
      if (!read) throw chatNotFound();
      if (read.changed) publish({ type: 'read', sessionId, readUpTo: read.readUpTo });
      const [session, messages] = await Promise.all([
        requireSession(sessionId),
        messagesAfter(sessionId, since),
      ]);
      return { session: sessionSummary(session, now()), messages: messages.map(messageView) };
    },

    /** Closing twice is fine (200 with the closed session). */
    async close(sessionId: string): Promise<ChatSessionSummary> {
      const closed = await repo.close(sessionId, now().toISOString());
      if (closed) {
        publish({ type: 'closed', sessionId });
        return sessionSummary(closed, now());
      }
      return sessionSummary(await requireSession(sessionId), now());
    },

    async typing(sessionId: string): Promise<void> {
      const until = new Date(now().getTime() + CHAT_LIMITS.typingWindowMs).toISOString();
      if (!(await repo.setTyping(sessionId, until))) {
        await requireSession(sessionId);
        throw new HttpError(409, 'CHAT_CLOSED', CHAT_MESSAGES.closedForAdmin);
      }
      publish({ type: 'typing', sessionId });
    },

    /** What a visitor stream starts from (404 for an unknown session). */
    async streamState(sessionId: string): Promise<{ status: 'active' | 'closed'; readUpTo: number }> {
      if (decoys.owns(sessionId)) return { status: decoys.status(sessionId), readUpTo: 0 };
      const session = await requireSession(sessionId);
      if (session.status === 'active') deps.presence.seen(sessionId);
      return { status: session.status, readUpTo: session.admin_read_seq };
    },

    /** For a visitor stream resuming after `seq`. */
    async messagesAfterSeq(sessionId: string, seq: number): Promise<ChatMessage[]> {
      if (decoys.owns(sessionId)) return decoys.messagesAfter(sessionId, { kind: 'seq', seq }) ?? [];
      return (await repo.messagesAfter(sessionId, seq, CHAT_LIMITS.pageMax)).map(messageView);
    },

    /** For an admin stream resuming from its last event's time (the page merges by _id). */
    async messagesOfAllSince(at: string): Promise<Array<{ sessionId: string; message: ChatMessage }>> {
      return (await repo.messagesOfAllSince(at, CHAT_LIMITS.pageMax)).map((row) => ({
        sessionId: row.session_id,
        message: messageView(row),
      }));
    },

    /** One stored message (the hub reads each message event's message once). */
    async message(sessionId: string, seq: number): Promise<ChatMessage | undefined> {
      const row = await repo.messageBySeq(sessionId, seq);
      return row && messageView(row);
    },

    /** Closes chats idle for a day and deletes closed ones past retention; bounded per call. */
    async sweep(): Promise<{ closed: number; deleted: number }> {
      const at = now();
      // Decoys close at the same idle time, and their streams hear it; they are not counted (nor logged).
      const idleDecoys = decoys.closeIdle(new Date(at.getTime() - idleCloseMs));
      for (const sessionId of idleDecoys) toDecoyStreams(sessionId, { type: 'closed' });
      const idle = await repo.closeIdle(
        new Date(at.getTime() - idleCloseMs).toISOString(),
        at.toISOString(),
        SWEEP_BATCH,
      );
      for (const sessionId of idle) publish({ type: 'closed', sessionId });
      const deleted = await repo.deleteClosedBefore(
        new Date(at.getTime() - deps.retentionDays * DAY_MS).toISOString(),
        SWEEP_BATCH,
      );
      return { closed: idle.length, deleted };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
