import type { ChatAdminConversation, ChatMessage, ChatSessionSummary } from '@sheetforms/contract';
import { mergeMessages } from '@/lib/chat-messages';

/** The open conversation as the console holds it: the session's summary and every message, once, in order. */
export interface AdminConversation {
  session: ChatSessionSummary;
  messages: readonly ChatMessage[];
}

/** A fetch's answer (the messages after what we held) merged into what the cache holds now. */
export function withAnswer(
  current: AdminConversation | undefined,
  answer: ChatAdminConversation,
): AdminConversation {
  return { session: answer.session, messages: mergeMessages(current?.messages ?? [], answer.messages) };
}

/** Messages from the stream or a send's answer; the message count and last message follow. */
export function withMessages(
  current: AdminConversation,
  incoming: readonly ChatMessage[],
): AdminConversation {
  const messages = mergeMessages(current.messages, incoming);
  if (messages === current.messages) return current;
  const last = messages[messages.length - 1];
  return {
    session: {
      ...current.session,
      totalMessages: Math.max(current.session.totalMessages, messages.length),
      lastMessage: last?.text ?? current.session.lastMessage,
      lastMessageAt: last?.timestamp ?? current.session.lastMessageAt,
    },
    messages,
  };
}

/** The list with one chat's unread count at 0 (it was just opened and read). */
export function withChatRead(
  sessions: readonly ChatSessionSummary[] | undefined,
  sessionId: string,
): ChatSessionSummary[] | undefined {
  if (!sessions) return sessions;
  if (!sessions.some((session) => session.sessionId === sessionId && session.unreadCount !== 0)) {
    return sessions as ChatSessionSummary[];
  }
  return sessions.map((session) =>
    session.sessionId === sessionId ? { ...session, unreadCount: 0 } : session,
  );
}
