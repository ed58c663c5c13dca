// @vitest-environment node
import type { ChatMessage, ChatSessionSummary } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { withAnswer, withChatRead, withMessages } from './conversation';

function message(seq: number, sender: 'user' | 'admin' = 'user'): ChatMessage {
  return {
    _id: `id-${seq}`,
    text: `m${seq}`,
    sender,
    timestamp: new Date(Date.UTC(2025, 0, 1, 12, 0, seq)).toISOString(),
    seq,
  };
}

function summary(overrides: Partial<ChatSessionSummary> = {}): ChatSessionSummary {
  return {
    sessionId: 's1',
    userName: 'Vera',
    userEmail: '',
    status: 'online',
    lastMessage: 'm1',
    lastMessageAt: null,
    unreadCount: 2,
    totalMessages: 1,
    ...overrides,
  };
}

describe('withAnswer', () => {
  it('merges the messages after what was held, and takes the fresh summary', () => {
    const held = { session: summary(), messages: [message(1), message(3)] };
    const next = withAnswer(held, {
      session: summary({ unreadCount: 0 }),
      messages: [message(2), message(3)],
    });
    expect(next.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(next.session.unreadCount).toBe(0);
  });

  it('starts from the answer when nothing was held', () => {
    expect(withAnswer(undefined, { session: summary(), messages: [message(1)] }).messages).toHaveLength(1);
  });
});

describe('withMessages', () => {
  it('adds a streamed message once and updates the count and last message', () => {
    const held = { session: summary(), messages: [message(1)] };
    const once = withMessages(held, [message(2, 'admin')]);
    const twice = withMessages(once, [message(2, 'admin')]);
    expect(twice).toBe(once);
    expect(once.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(once.session.totalMessages).toBe(2);
    expect(once.session.lastMessage).toBe('m2');
  });
});

describe('withChatRead', () => {
  it("zeroes one chat's unread count and leaves the others", () => {
    const list = [summary({ sessionId: 'a', unreadCount: 2 }), summary({ sessionId: 'b', unreadCount: 1 })];
    expect(withChatRead(list, 'a')?.map((s) => s.unreadCount)).toEqual([0, 1]);
  });

  it('returns the same list when there is nothing to change', () => {
    const list = [summary({ sessionId: 'a', unreadCount: 0 })];
    expect(withChatRead(list, 'a')).toBe(list);
    expect(withChatRead(undefined, 'a')).toBeUndefined();
  });
});
