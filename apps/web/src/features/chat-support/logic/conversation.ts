import { CHAT_LIMITS, CHAT_TIMING, type ChatConversation, type ChatMessage } from '@sheetforms/contract';
import { mergeMessages } from '@/lib/chat-messages';

/**
 * What the visitor's page knows of their conversation. Polls, the event stream and the answers to sends
 * all feed it through these functions, so each message is shown once, in order, and nothing goes back:
 * a closed chat stays closed and the read marker only moves forward.
 */
export interface VisitorConversation {
  messages: readonly ChatMessage[];
  status: 'active' | 'closed';
  /** The visitor's messages with seq up to this were read by support. */
  readUpTo: number;
  /** Until when (epoch ms) 'Support is typing…' shows; 0 for not typing. */
  typingUntil: number;
}

export function newConversation(messages: readonly ChatMessage[] = []): VisitorConversation {
  return { messages: mergeMessages([], messages), status: 'active', readUpTo: 0, typingUntil: 0 };
}

/** New messages; a message from support ends its typing indicator. */
export function withMessages(
  current: VisitorConversation,
  incoming: readonly ChatMessage[],
): VisitorConversation {
  const messages = mergeMessages(current.messages, incoming);
  if (messages === current.messages) return current;
  const known = new Set(current.messages.map((message) => message._id));
  const supportWrote = incoming.some((message) => message.sender === 'admin' && !known.has(message._id));
  return { ...current, messages, typingUntil: supportWrote ? 0 : current.typingUntil };
}

export function withReadUpTo(current: VisitorConversation, readUpTo: number): VisitorConversation {
  return readUpTo > current.readUpTo ? { ...current, readUpTo } : current;
}

/** The stream says support is typing: shown for the server's typing window unless a message comes first. */
export function withTyping(current: VisitorConversation, typing: boolean, now: number): VisitorConversation {
  return { ...current, typingUntil: typing ? now + CHAT_LIMITS.typingWindowMs : 0 };
}

export function closed(current: VisitorConversation): VisitorConversation {
  return current.status === 'closed' ? current : { ...current, status: 'closed', typingUntil: 0 };
}

/** A poll's answer (the messages after what we had, and the current state) merged in. */
export function withPoll(
  current: VisitorConversation,
  poll: ChatConversation,
  now: number,
): VisitorConversation {
  let next = withReadUpTo(withMessages(current, poll.messages), poll.readUpTo);
  // Until the next poll says otherwise (with a margin for a slow answer).
  const typingUntil = poll.supportTyping ? now + CHAT_TIMING.visitorPollMs * 1.5 : 0;
  if (typingUntil !== next.typingUntil) next = { ...next, typingUntil };
  return poll.status === 'closed' ? closed(next) : next;
}

/** The _id of the visitor's last message that support has read (where 'Seen' shows), or null. */
export function seenMessageId(messages: readonly ChatMessage[], readUpTo: number): string | null {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message && message.sender === 'user' && message.seq <= readUpTo) return message._id;
  }
  return null;
}

/** A send not yet answered: its text and the newest seq the page held when it was sent. */
export interface UnansweredSend {
  text: string;
  state: 'sending' | 'failed';
  afterSeq: number;
}

/**
 * The optimistic messages still to show. A send whose message the stream (or a poll) delivered before
 * the send's own answer came back is already in the list: its optimistic copy is hidden, so the message
 * never shows twice. Each stored message hides at most one send (same text, the visitor's, newer than
 * what the page held when it was sent).
 */
export function visiblePending<T extends UnansweredSend>(
  pending: readonly T[],
  messages: readonly ChatMessage[],
): T[] {
  const used = new Set<string>();
  return pending.filter((item) => {
    if (item.state !== 'sending') return true;
    const delivered = messages.find(
      (message) =>
        message.sender === 'user' &&
        message.text === item.text &&
        message.seq > item.afterSeq &&
        !used.has(message._id),
    );
    if (!delivered) return true;
    used.add(delivered._id);
    return false;
  });
}
