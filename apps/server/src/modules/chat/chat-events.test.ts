import { describe, expect, it } from 'vitest';
import { createChatHub } from './chat-events.js';

function hub(maxStreams: number, adminReserve?: number) {
  return createChatHub({
    loadMessage: async () => undefined,
    maxStreams,
    maxStreamsPerSession: 5,
    ...(adminReserve === undefined ? {} : { adminReserve }),
    onError: () => {},
  });
}

describe('live chat streams and their cap', () => {
  it('keeps a tenth of the slots for admins: visitors filling theirs never turn the console away', () => {
    const streams = hub(20);
    const visitors = Array.from({ length: 30 }, (_, index) =>
      streams.addVisitor(`session-${index}`, () => {}),
    );
    // 18 of 20 for visitors; the two reserved slots stay free for admins.
    expect(visitors.filter(Boolean)).toHaveLength(18);
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addAdmin(() => {})).toBeUndefined();
    expect(streams.streamCount()).toBe(20);
    // A visitor's slot, once given back, is a visitor's again.
    visitors[0]?.();
    expect(streams.addVisitor('session-new', () => {})).toBeDefined();
  });

  it('lets admins use every slot, and a visitor the slots admins do not hold', () => {
    const streams = hub(4, 1);
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addVisitor('a', () => {})).toBeDefined();
    expect(streams.addVisitor('b', () => {})).toBeDefined();
    expect(streams.addVisitor('c', () => {})).toBeUndefined();
    expect(streams.addAdmin(() => {})).toBeUndefined();
  });
});
