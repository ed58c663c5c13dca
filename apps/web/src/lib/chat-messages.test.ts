// @vitest-environment node
import type { ChatMessage } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { formatChatTime, lastContiguousSeq, mergeMessages } from './chat-messages';

function message(seq: number, text = `m${seq}`): ChatMessage {
  return {
    _id: `id-${seq}`,
    text,
    sender: seq % 2 ? 'user' : 'admin',
    timestamp: new Date(Date.UTC(2025, 0, 1, 12, 0, seq)).toISOString(),
    seq,
  };
}

describe('mergeMessages', () => {
  it('orders by seq whatever order the messages arrive in', () => {
    const merged = mergeMessages([message(1), message(4)], [message(3), message(2)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('keeps one copy of a message delivered twice (poll and stream, or a send and a poll)', () => {
    const merged = mergeMessages([message(1), message(2)], [message(2), message(3), message(3)]);
    expect(merged.map((m) => m._id)).toEqual(['id-1', 'id-2', 'id-3']);
  });

  it('keeps the copy it already had', () => {
    const merged = mergeMessages([message(1, 'first')], [message(1, 'again')]);
    expect(merged[0]?.text).toBe('first');
  });

  it('drops a message whose _id it already holds under another seq', () => {
    const moved = { ...message(5), _id: 'id-1' };
    expect(mergeMessages([message(1)], [moved]).map((m) => m.seq)).toEqual([1]);
  });

  it('returns the same list when nothing is new, so nothing re-renders', () => {
    const current = [message(1), message(2)];
    expect(mergeMessages(current, [])).toBe(current);
    expect(mergeMessages(current, [message(2)])).toBe(current);
  });

  it('does not change the list it was given', () => {
    const current = [message(2)];
    mergeMessages(current, [message(1)]);
    expect(current.map((m) => m.seq)).toEqual([2]);
  });
});

describe('lastContiguousSeq', () => {
  it('is 0 for no messages, or when the first is missing', () => {
    expect(lastContiguousSeq([])).toBe(0);
    expect(lastContiguousSeq([message(2), message(3)])).toBe(0);
  });

  it('is the last seq of an unbroken run', () => {
    expect(lastContiguousSeq([message(1), message(2), message(3)])).toBe(3);
  });

  it('stops before a gap, so the next poll fetches what is missing', () => {
    expect(lastContiguousSeq([message(1), message(2), message(5)])).toBe(2);
  });
});

describe('formatChatTime', () => {
  const now = new Date(2025, 4, 6, 15, 0);

  it('shows only the clock time for today', () => {
    const text = formatChatTime(new Date(2025, 4, 6, 9, 5).toISOString(), now);
    expect(text).toMatch(/09:05|9:05/);
    expect(text).not.toMatch(/May/);
  });

  it('adds the date for another day', () => {
    expect(formatChatTime(new Date(2025, 4, 1, 9, 5).toISOString(), now)).toMatch(/May|5\/1|1\/5/);
  });

  it('is empty for no time or an unreadable one', () => {
    expect(formatChatTime(null, now)).toBe('');
    expect(formatChatTime('not a date', now)).toBe('');
  });
});
