import { CHAT_LIMITS, type ChatMessage, type ChatSessionSummary } from '@sheetforms/contract';
import type { ChatMessageRow, ChatSessionRow } from './chat.repository.js';

/** The admin list's computed fields, from the stored session (pure). */
export function sessionSummary(row: ChatSessionRow, now: Date): ChatSessionSummary {
  return {
    sessionId: row.id,
    userName: row.user_name,
    userEmail: row.user_email,
    status: row.status === 'closed' ? 'closed' : isOnline(row.visitor_seen_at, now) ? 'online' : 'offline',
    lastMessage: row.last_message,
    lastMessageAt: row.last_message_at,
    unreadCount: row.unread_count,
    totalMessages: row.total_messages,
  };
}

/** Online: the visitor polled or listened within the last 10 seconds. */
export function isOnline(seenAt: string | null, now: Date): boolean {
  if (!seenAt) return false;
  const seen = Date.parse(seenAt);
  return Number.isFinite(seen) && now.getTime() - seen <= CHAT_LIMITS.onlineWindowMs;
}

export function messageView(row: ChatMessageRow): ChatMessage {
  return { _id: row.id, text: row.text, sender: row.sender, timestamp: row.created_at, seq: row.seq };
}

/** What `since` names: a message id (exactly the messages after it), a seq, or an instant. */
export type SinceCursor =
  | { kind: 'none' }
  | { kind: 'seq'; seq: number }
  | { kind: 'message'; id: string }
  | { kind: 'instant'; iso: string }
  | { kind: 'invalid' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseSince(since: string | undefined): SinceCursor {
  if (since === undefined || since === '') return { kind: 'none' };
  if (/^\d{1,9}$/.test(since)) return { kind: 'seq', seq: Number(since) };
  if (UUID.test(since)) return { kind: 'message', id: since.toLowerCase() };
  // An instant: ISO 8601 (Date.parse alone accepts almost anything) or epoch milliseconds.
  const ms = /^\d{10,16}$/.test(since)
    ? Number(since)
    : /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(since)
      ? Date.parse(since)
      : Number.NaN;
  // Dates end at ±8.64e15 ms (toISOString throws past them).
  if (Number.isFinite(ms) && ms > 0 && ms <= 8.64e15)
    return { kind: 'instant', iso: new Date(ms).toISOString() };
  return { kind: 'invalid' };
}
