import { z } from 'zod';

/**
 * Visitor chat and the admin chat console (spec 001 sections 2, 3, 4, 7, 8, 9). A visitor holds only the
 * session id, an unguessable capability; the server decides who a message is from (the caller's token),
 * never the body's `sender`.
 */

export const CHAT_LIMITS = {
  /** Characters of one message. */
  messageMax: 2_000,
  /** Characters of a visitor's name. */
  nameMax: 80,
  emailMax: 254,
  /** Characters of the admin list's search. */
  searchMax: 200,
  /** A visitor who polled or listened within this long is online. */
  onlineWindowMs: 10_000,
  /** An admin's typing shows this long after their last keystroke signal. */
  typingWindowMs: 5_000,
  /** Messages one page of a conversation answers at most (a `since` poll continues from the last). */
  pageMax: 500,
} as const;

/** Spec 001 section 9 and 4. */
export const CHAT_TIMING = {
  visitorPollMs: 2_000,
  adminPollMs: 3_000,
  adminRefreshAfterOpenMs: 500,
  sessionIdShown: 8,
} as const;

/** Every text of the chat screens and calls, exactly as the spec writes them (plus ours, marked). */
export const CHAT_MESSAGES = {
  welcomeTitle: 'Welcome to Chat Support',
  startChat: 'Start Chat',
  nameRequired: 'Please enter your name',
  chattingAs: (name: string) => `Chatting as: ${name}`,
  /**
   * Spec 001 says the conversation is lost on a reload; since issue 22 a reload continues it (the session
   * is kept in the tab), so the warning says what is true now: it ends with the tab.
   */
  sessionWarning: 'Complete your chat in this tab. The conversation ends when you close it.',
  startFailed: 'Failed to start chat session',
  sendFailed: 'Failed to send message',
  adminTitle: 'Chat Management',
  searchPlaceholder: 'Search conversations...',
  selectConversation: 'Select a conversation',
  replyPlaceholder: 'Type your response...',
  loadChatsFailed: 'Failed to load chats',
  loadMessagesFailed: 'Failed to load messages',
  // Ours (the spec defines the close call but no screen or message for it).
  closedBySupport: 'This chat has been closed by support.',
  closedForAdmin: 'This chat is closed.',
  sessionNotFound: 'Chat session not found',
  messageRequired: 'Please enter a message',
  messageTooLong: `Messages can be at most ${CHAT_LIMITS.messageMax} characters`,
} as const;

export const ChatSenderSchema = z.enum(['user', 'admin']);
export type ChatSender = z.infer<typeof ChatSenderSchema>;

/** A session id: 22 base64url characters (128 random bits) as the server issues them. */
export const ChatSessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,64}$/, CHAT_MESSAGES.sessionNotFound)
  .meta({ description: 'The session id the visitor got from POST /chat/start (a capability).' });

export const ChatMessageSchema = z
  .object({
    _id: z.string(),
    text: z.string(),
    sender: ChatSenderSchema,
    timestamp: z.string().meta({ description: 'ISO 8601, when the server stored it.' }),
    seq: z.number().int().meta({ description: 'Order within the session: 1, 2, 3…' }),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatStartBodySchema = z.object({
  userName: z
    .string({ error: CHAT_MESSAGES.nameRequired })
    .trim()
    .min(1, CHAT_MESSAGES.nameRequired)
    .max(CHAT_LIMITS.nameMax, `Names can be at most ${CHAT_LIMITS.nameMax} characters`),
  userEmail: z
    .union([z.literal(''), z.email('Please enter a valid email').max(CHAT_LIMITS.emailMax)])
    .optional(),
  /** A hidden field people never fill; bots do. */
  website: z.string().max(200).optional(),
});
export type ChatStartBody = z.infer<typeof ChatStartBodySchema>;

export const ChatStartedSchema = z
  .object({ sessionId: z.string(), messages: z.array(ChatMessageSchema) })
  .meta({ id: 'ChatStarted' });
export type ChatStarted = z.infer<typeof ChatStartedSchema>;

export const ChatMessageBodySchema = z.object({
  sessionId: ChatSessionIdSchema,
  message: z
    .string({ error: CHAT_MESSAGES.messageRequired })
    .trim()
    .min(1, CHAT_MESSAGES.messageRequired)
    .max(CHAT_LIMITS.messageMax, CHAT_MESSAGES.messageTooLong),
  /** Ignored: the caller's token decides (an Admin's posts as admin, anyone else as user). */
  sender: ChatSenderSchema.optional(),
});
export type ChatMessageBody = z.infer<typeof ChatMessageBodySchema>;

export const ChatMessagesQuerySchema = z.object({
  since: z.string().max(64).optional().meta({
    description:
      'A message _id (exactly the messages after it), a sequence number, or an ISO timestamp (messages stored after it).',
  }),
});

/** What a visitor's poll answers: the messages, and whether support read them or is typing (ours). */
export const ChatConversationSchema = z
  .object({
    messages: z.array(ChatMessageSchema),
    status: z.enum(['active', 'closed']),
    /** The visitor's messages up to this seq were read by support. */
    readUpTo: z.number().int(),
    supportTyping: z.boolean(),
  })
  .meta({ id: 'ChatConversation' });
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

export const ChatStatusSchema = z.enum(['online', 'offline', 'closed']);
export type ChatStatus = z.infer<typeof ChatStatusSchema>;

export const ChatSessionSummarySchema = z
  .object({
    sessionId: z.string(),
    userName: z.string(),
    userEmail: z.string(),
    status: ChatStatusSchema,
    lastMessage: z.string(),
    lastMessageAt: z.string().nullable(),
    unreadCount: z.number().int(),
    totalMessages: z.number().int(),
  })
  .meta({ id: 'ChatSessionSummary' });
export type ChatSessionSummary = z.infer<typeof ChatSessionSummarySchema>;

export const ChatAdminListQuerySchema = z.object({
  status: z.enum(['active', 'closed']).default('active'),
  q: z.string().trim().max(CHAT_LIMITS.searchMax).optional(),
});

export const ChatAdminConversationSchema = z
  .object({
    session: ChatSessionSummarySchema,
    messages: z.array(ChatMessageSchema),
  })
  .meta({ id: 'ChatAdminConversation' });
export type ChatAdminConversation = z.infer<typeof ChatAdminConversationSchema>;

export const ChatStreamTicketSchema = z
  .object({ ticket: z.string(), expiresAt: z.string() })
  .meta({ id: 'ChatStreamTicket' });

/** Events of the admin stream (`event:` names); `data` is JSON. */
export const CHAT_ADMIN_EVENTS = {
  /** A message in any session: { sessionId, message }. */
  message: 'message',
  /** A session started, closed, was read or changed status: { sessionId }. */
  session: 'session',
} as const;

/** Events of the visitor stream: `message` (a ChatMessage), `read` ({ readUpTo }), `typing` ({ typing }), `closed`. */
export const CHAT_VISITOR_EVENTS = {
  message: 'message',
  read: 'read',
  typing: 'typing',
  closed: 'closed',
} as const;
