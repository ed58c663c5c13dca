// @vitest-environment node
import { CHAT_LIMITS, type ChatConversation, type ChatMessage } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import {
  closed,
  newConversation,
  seenMessageId,
  visiblePending,
  withMessages,
  withPoll,
  withReadUpTo,
  withTyping,
} from './conversation';

function message(seq: number, sender: 'user' | 'admin' = 'user'): ChatMessage {
  return { _id: `id-${seq}`, text: `m${seq}`, sender, timestamp: '2025-01-01T12:00:00.000Z', seq };
}

function poll(overrides: Partial<ChatConversation> = {}): ChatConversation {
  return { messages: [], status: 'active', readUpTo: 0, supportTyping: false, ...overrides };
}

describe('withPoll', () => {
  it('adds the messages after the ones shown, once each, in order', () => {
    const start = newConversation([message(1), message(3)]);
    const next = withPoll(start, poll({ messages: [message(2), message(3), message(4, 'admin')] }), 0);
    expect(next.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('keeps a closed chat closed and the read marker from going back', () => {
    const start = withReadUpTo(closed(newConversation([message(1)])), 1);
    const next = withPoll(start, poll({ status: 'active', readUpTo: 0 }), 0);
    expect(next.status).toBe('closed');
    expect(next.readUpTo).toBe(1);
  });

  it('shows support typing until the next poll, and stops when a poll says so', () => {
    const typing = withPoll(newConversation(), poll({ supportTyping: true }), 1_000);
    expect(typing.typingUntil).toBeGreaterThan(1_000);
    expect(withPoll(typing, poll(), 2_000).typingUntil).toBe(0);
  });

  it('closes when the poll says the chat is closed', () => {
    expect(withPoll(newConversation(), poll({ status: 'closed' }), 0).status).toBe('closed');
  });
});

describe('withMessages', () => {
  it("ends support's typing when support's message arrives", () => {
    const typing = withTyping(newConversation([message(1)]), true, 0);
    expect(typing.typingUntil).toBe(CHAT_LIMITS.typingWindowMs);
    expect(withMessages(typing, [message(2, 'admin')]).typingUntil).toBe(0);
    expect(withMessages(typing, [message(2, 'user')]).typingUntil).toBe(CHAT_LIMITS.typingWindowMs);
  });

  it('returns the same conversation when nothing is new', () => {
    const start = newConversation([message(1)]);
    expect(withMessages(start, [message(1)])).toBe(start);
  });
});

describe('seenMessageId', () => {
  const messages = [message(1), message(2), message(3, 'admin'), message(4), message(5)];

  it("is the visitor's last message at or under the read marker", () => {
    expect(seenMessageId(messages, 4)).toBe('id-4');
    expect(seenMessageId(messages, 3)).toBe('id-2');
  });

  it('is null before support read anything', () => {
    expect(seenMessageId(messages, 0)).toBeNull();
    expect(seenMessageId([message(1, 'admin')], 1)).toBeNull();
  });
});

describe('optimistic sends', () => {
  const stored = (seq: number, text: string, sender: 'user' | 'admin' = 'user') => ({
    _id: `m${seq}`,
    seq,
    text,
    sender,
    timestamp: '2026-11-25T12:00:00.000Z',
  });

  it('hides a send the stream delivered before its own answer, once per stored message', () => {
    const pending = [
      { localId: 'a', text: 'Hello', state: 'sending' as const, afterSeq: 1 },
      { localId: 'b', text: 'Hello', state: 'sending' as const, afterSeq: 1 },
      { localId: 'c', text: 'Other', state: 'failed' as const, afterSeq: 1 },
    ];
    const messages = [stored(1, 'Hello'), stored(2, 'Hello'), stored(3, 'Hello', 'admin')];
    expect(visiblePending(pending, messages).map((p) => p.localId)).toEqual(['b', 'c']);
    expect(visiblePending(pending, [stored(1, 'Hello')]).map((p) => p.localId)).toEqual(['a', 'b', 'c']);
  });
});
