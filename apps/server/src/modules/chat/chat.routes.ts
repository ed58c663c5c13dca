import {
  CHAT_ADMIN_EVENTS,
  CHAT_LIMITS,
  CHAT_VISITOR_EVENTS,
  ChatAdminConversationSchema,
  ChatAdminListQuerySchema,
  ChatConversationSchema,
  ChatMessageBodySchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ChatSessionIdSchema,
  ChatSessionSummarySchema,
  ChatStartBodySchema,
  ChatStartedSchema,
  ChatStreamTicketSchema,
  envelope,
} from '@sheetforms/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerTokenOf, createAdminOnly, isAdminNow, requireRole } from '../../http/authenticate.js';
import { addressKey } from '../../http/client-address-key.js';
import { ok } from '../../http/envelope.js';
import { forbidden, HttpError, unauthorized } from '../../http/http-error.js';
import { createPublicLimits } from '../../http/rate-limits.js';
import type { ChatService } from './chat.service.js';
import type { ChatListeners, VisitorEvent } from './chat-events.js';
import type { Presence } from './chat-presence.js';
import { type EventStream, openEventStream } from './chat-sse.js';
import type { ChatStreamTickets } from './chat-stream-tickets.js';

export interface ChatRoutesDeps {
  chat: ChatService;
  listeners: ChatListeners;
  presence: Pick<Presence, 'seen'>;
  tickets: ChatStreamTickets;
  /** Whether the ticket's user is still an Admin when the stream opens. */
  isAdmin(userId: string): Promise<boolean>;
  /** An admin stream ends after this long (the page gets a new ticket, which needs a live session). */
  adminStreamMaxMs: number;
  /**
   * A visitor stream ends after at most this long (up to a tenth less, at random); the browser reconnects
   * with Last-Event-ID, and the new stream sends what came meanwhile from the database.
   */
  visitorStreamMaxMs: number;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Chats a visitor address may start per minute. */
  startPerMinute: number;
  /** Messages per minute per session; an address gets 5 times that over all its sessions. */
  messagesPerMinute: number;
  /** Streams: heartbeat (presence, proxies) and the buffer a non-reading listener may fill. */
  heartbeatMs?: number;
  maxBufferedBytes?: number;
}

const tags = ['chat'];
const SessionParamsSchema = z.object({ sessionId: ChatSessionIdSchema });
const TicketQuerySchema = z.object({ ticket: z.string().max(2048) });
const tooMany = () =>
  new HttpError(503, 'TOO_MANY_STREAMS', 'Too many live chats right now. Please try again shortly.');
/**
 * The share of a visitor stream's lifetime taken off at random: streams opened together (after a restart,
 * or a reset) end apart, and their reconnections do not come in waves.
 */
const VISITOR_LIFETIME_SPREAD = 0.1;

/**
 * The spec's chat calls (001 section 7), plus server-sent event streams for the visitor and the admins.
 * Visitors hold only the session id. Admin calls need an Admin's token (401 without one, 403 for anyone
 * else); the event stream takes a short-lived ticket instead, since EventSource cannot send headers.
 */
export async function chatRoutes(app: FastifyInstance, deps: ChatRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const heartbeatMs = deps.heartbeatMs ?? 5_000;
  const maxBufferedBytes = deps.maxBufferedBytes ?? 256 * 1024;
  const streams = new Set<EventStream>();
  // Open streams would keep the server from closing: end them first (clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.close();
  });
  const track = (stream: EventStream) => {
    streams.add(stream);
    stream.onClose(() => streams.delete(stream));
  };

  const startLimits = createPublicLimits(app, [
    {
      max: deps.startPerMinute,
      key: (request) => `chat-start:${addressKey(request.ip)}`,
      message: 'Too many chats started from this address. Please try again in a minute.',
    },
  ]);
  const messageLimits = createPublicLimits(app, [
    {
      max: deps.messagesPerMinute * 5,
      key: (request) => `chat-message:${addressKey(request.ip)}`,
      message: 'Too many messages. Please wait a moment.',
    },
    {
      max: deps.messagesPerMinute,
      key: (request) => {
        const sessionId = (request.body as { sessionId?: unknown } | undefined)?.sessionId;
        return typeof sessionId === 'string' ? `chat-message:${sessionId}` : undefined;
      },
      message: 'Too many messages. Please wait a moment.',
    },
  ]);
  const adminOnly = createAdminOnly(deps.authenticate, deps.isAdmin);
  const security = [{ bearerAuth: [] }];

  r.post(
    '/chat/start',
    {
      onRequest: startLimits,
      schema: {
        tags,
        summary: 'Start a visitor chat',
        body: ChatStartBodySchema,
        response: { 201: envelope(ChatStartedSchema) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await deps.chat.start(request.body))),
  );

  r.post(
    '/chat/message',
    {
      schema: {
        tags,
        summary: 'Send a chat message',
        description:
          "An Admin's access token posts as admin; without a token (or with anyone else's) the message is the visitor's, whatever `sender` says. 409 when the chat is closed.",
        body: ChatMessageBodySchema,
        response: { 201: envelope(ChatMessageSchema) },
      },
    },
    async (request, reply) => {
      let sender: 'user' | 'admin' = 'user';
      if (bearerTokenOf(request)) {
        // A token that is sent must be valid: an admin whose session ended must not post as a visitor.
        await deps.authenticate(request, reply);
        // An Admin removed from ADMIN_EMAILS posts as a visitor, even with a token from before.
        if (await isAdminNow(request.auth, deps.isAdmin)) sender = 'admin';
      }
      if (sender === 'user') await messageLimits(request, reply);
      const message = await deps.chat.post(request.body.sessionId, request.body.message, sender);
      return reply.code(201).send(ok(message));
    },
  );

  r.get(
    '/chat/messages/:sessionId',
    {
      schema: {
        tags,
        summary: "A visitor's conversation (messages after `since`)",
        params: SessionParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: envelope(ChatConversationSchema) },
      },
    },
    async (request) => ok(await deps.chat.visitorConversation(request.params.sessionId, request.query.since)),
  );

  r.get(
    '/chat/messages/:sessionId/stream',
    {
      schema: {
        tags,
        summary: "A visitor's live events (text/event-stream)",
        description:
          'Events: message (a ChatMessage; its id is the seq, so Last-Event-ID resumes exactly), read ({ readUpTo }), typing ({ typing: true }), closed. The server ends a stream within minutes (ten at most by default): reconnect with Last-Event-ID. 503 when too many streams are open (in all, for the chat, or from the address): poll meanwhile.',
        params: SessionParamsSchema,
        querystring: z.object({
          since: z
            .string()
            .regex(/^\d{1,9}$/)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params;
      const state = await deps.chat.streamState(sessionId);
      const resumeFrom = lastSeq(request.headers['last-event-id'], request.query.since);
      let sentSeq = resumeFrom;
      let chain = Promise.resolve();
      const queue = (work: () => Promise<void> | void) => {
        chain = chain.then(work).catch((error: unknown) => {
          request.log.warn({ err: String(error) }, 'chat: visitor stream failed');
          stream.close();
        });
      };
      // Everything after sentSeq, page by page (a long absence may leave more than one page).
      const sendFrom = async () => {
        for (;;) {
          const page = await deps.chat.messagesAfterSeq(sessionId, sentSeq);
          for (const message of page) {
            if (message.seq <= sentSeq) continue;
            if (!stream.send(CHAT_VISITOR_EVENTS.message, message, message.seq)) return;
            sentSeq = message.seq;
          }
          if (page.length < CHAT_LIMITS.pageMax) return;
        }
      };
      const onEvent = (event: VisitorEvent) =>
        queue(async () => {
          switch (event.type) {
            case 'message':
              if (event.message.seq <= sentSeq) return;
              // A gap (an event lost between instances) is filled from the database, in order.
              if (event.message.seq > sentSeq + 1) return sendFrom();
              if (stream.send(CHAT_VISITOR_EVENTS.message, event.message, event.message.seq)) {
                sentSeq = event.message.seq;
              }
              return;
            case 'read':
              stream.send(CHAT_VISITOR_EVENTS.read, { readUpTo: event.readUpTo });
              return;
            case 'typing':
              stream.send(CHAT_VISITOR_EVENTS.typing, { typing: true });
              return;
            case 'closed':
              stream.send(CHAT_VISITOR_EVENTS.closed, {});
              stream.close();
              return;
            case 'reset':
              stream.close();
              return;
          }
        });
      // Refused (a cap reached), the page polls instead and tries a stream again later.
      const unsubscribe = deps.listeners.addVisitor(sessionId, addressKey(request.ip), onEvent);
      if (!unsubscribe) throw tooMany();
      const stream = openEventStream(request, reply, {
        heartbeatMs,
        maxBufferedBytes,
        onHeartbeat: () => deps.presence.seen(sessionId),
      });
      track(stream);
      stream.onClose(unsubscribe);
      // No visitor holds a slot for good. Nothing is lost on the way: a message this stream did not send was
      // stored before its event went out, and the next stream sends everything after Last-Event-ID.
      endAfter(stream, deps.visitorStreamMaxMs * (1 - Math.random() * VISITOR_LIFETIME_SPREAD));
      // Subscribed first, then caught up: an event during the catch-up waits in the chain behind it.
      queue(async () => {
        await sendFrom();
        stream.send(CHAT_VISITOR_EVENTS.read, { readUpTo: state.readUpTo });
        if (state.status === 'closed') {
          stream.send(CHAT_VISITOR_EVENTS.closed, {});
          stream.close();
        }
      });
      await chain;
    },
  );

  r.get(
    '/chat/admin/chats',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Chats for the admin console, last activity first',
        security,
        querystring: ChatAdminListQuerySchema,
        response: { 200: envelope(z.array(ChatSessionSummarySchema)) },
      },
    },
    async (request) => ok(await deps.chat.adminList(request.query.status, request.query.q)),
  );

  r.get(
    '/chat/admin/chat/:sessionId',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Open a conversation (moves the read marker for every admin)',
        security,
        params: SessionParamsSchema,
        querystring: ChatMessagesQuerySchema,
        response: { 200: envelope(ChatAdminConversationSchema) },
      },
    },
    async (request) => ok(await deps.chat.adminConversation(request.params.sessionId, request.query.since)),
  );

  r.patch(
    '/chat/admin/chat/:sessionId/close',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Close a chat (the visitor sees it closed)',
        security,
        params: SessionParamsSchema,
        response: { 200: envelope(ChatSessionSummarySchema) },
      },
    },
    async (request) => ok(await deps.chat.close(request.params.sessionId)),
  );

  r.post(
    '/chat/admin/chat/:sessionId/typing',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Tell the visitor an admin is typing', security, params: SessionParamsSchema },
    },
    async (request, reply) => {
      await deps.chat.typing(request.params.sessionId);
      return reply.code(204).send();
    },
  );

  r.post(
    '/chat/admin/stream-ticket',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'A one-minute ticket for the admin event stream',
        security,
        response: { 200: envelope(ChatStreamTicketSchema) },
      },
    },
    async (request) => ok(await deps.tickets.issue(requireRole(request, 'Admin').userId)),
  );

  r.get(
    '/chat/admin/stream',
    {
      schema: {
        tags,
        summary: "Admins' live events (text/event-stream)",
        description:
          'Events: message ({ sessionId, message }; its id is the message time, so Last-Event-ID resumes) and session ({ sessionId }: started, read, closed).',
        querystring: TicketQuerySchema,
      },
    },
    async (request, reply) => {
      const userId = await deps.tickets.verify(request.query.ticket);
      if (!userId) throw unauthorized('Invalid or expired stream ticket', 'INVALID_TICKET');
      if (!(await deps.isAdmin(userId))) throw forbidden('Requires role: Admin');
      const resumeAt = instantOf(request.headers['last-event-id']);
      const unsubscribe = deps.listeners.addAdmin((event) => {
        if (event.type === 'message') {
          stream.send(CHAT_ADMIN_EVENTS.message, event, event.message.timestamp);
        } else if (event.type === 'session') {
          stream.send(CHAT_ADMIN_EVENTS.session, { sessionId: event.sessionId });
        } else {
          stream.close();
        }
      });
      if (!unsubscribe) throw tooMany();
      const stream = openEventStream(request, reply, { heartbeatMs, maxBufferedBytes });
      track(stream);
      stream.onClose(unsubscribe);
      // A logged-out or demoted admin stops listening within one access-token lifetime.
      endAfter(stream, deps.adminStreamMaxMs);
      if (resumeAt) {
        // Messages at the resumed instant itself come again; the page merges by _id.
        for (const event of await deps.chat.messagesOfAllSince(resumeAt)) {
          if (!stream.send(CHAT_ADMIN_EVENTS.message, event, event.message.timestamp)) break;
        }
      }
    },
  );
}

/** Ends a stream after `ms` (its client reconnects); the timer never keeps the process up. */
function endAfter(stream: EventStream, ms: number) {
  const lifetime = setTimeout(() => stream.close(), ms);
  lifetime.unref();
  stream.onClose(() => clearTimeout(lifetime));
}

/** Last-Event-ID (or ?since) of a visitor stream: the seq of the last message received. */
function lastSeq(header: string | string[] | undefined, since: string | undefined): number {
  const value = (Array.isArray(header) ? header[0] : header) ?? since ?? '0';
  return /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

/** Last-Event-ID of an admin stream: an ISO instant, or nothing to resume. */
function instantOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value)) return undefined;
  return Number.isFinite(Date.parse(value)) ? value : undefined;
}
