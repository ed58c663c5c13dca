import { describe, expect, it } from 'vitest';
import { createChatHub } from './chat-events.js';

function hub(maxStreams: number, adminReserve?: number, maxStreamsPerAddress = 1_000) {
  return createChatHub({
    loadMessage: async () => undefined,
    maxStreams,
    maxStreamsPerSession: 5,
    maxStreamsPerAddress,
    ...(adminReserve === undefined ? {} : { adminReserve }),
    onError: () => {},
  });
}

describe('live chat streams and their cap', () => {
  it('keeps a tenth of the slots for admins: visitors filling theirs never turn the console away', () => {
    const streams = hub(20);
    const visitors = Array.from({ length: 30 }, (_, index) =>
      streams.addVisitor(`session-${index}`, `192.0.2.${index}`, () => {}),
    );
    // 18 of 20 for visitors; the two reserved slots stay free for admins.
    expect(visitors.filter(Boolean)).toHaveLength(18);
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addAdmin(() => {})).toBeUndefined();
    expect(streams.streamCount()).toBe(20);
    // A visitor's slot, once given back, is a visitor's again.
    visitors[0]?.();
    expect(streams.addVisitor('session-new', '192.0.2.99', () => {})).toBeDefined();
  });

  it('lets admins use every slot, and a visitor the slots admins do not hold', () => {
    const streams = hub(4, 1);
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addAdmin(() => {})).toBeDefined();
    expect(streams.addVisitor('a', '192.0.2.1', () => {})).toBeDefined();
    expect(streams.addVisitor('b', '192.0.2.2', () => {})).toBeDefined();
    expect(streams.addVisitor('c', '192.0.2.3', () => {})).toBeUndefined();
    expect(streams.addAdmin(() => {})).toBeUndefined();
  });

  it('caps the visitor streams of one address over all its chats, and gives a slot back when one closes', () => {
    const streams = hub(100, 10, 3);
    // New chats are free to start: the per-session cap alone would give this address 5 streams per chat.
    const held = ['a', 'a', 'b'].map((sessionId) => streams.addVisitor(sessionId, '192.0.2.1', () => {}));
    expect(held.every(Boolean)).toBe(true);
    expect(streams.addVisitor('c', '192.0.2.1', () => {})).toBeUndefined();
    expect(streams.addVisitor('a', '192.0.2.1', () => {})).toBeUndefined();
    // Another address, on the same chat as well, is not held back.
    expect(streams.addVisitor('a', '192.0.2.2', () => {})).toBeDefined();
    expect(streams.addVisitor('d', '192.0.2.2', () => {})).toBeDefined();
    expect(streams.streamCount()).toBe(5);
    // Closed (once: a second unsubscribe gives nothing back twice), its slot is the address's again.
    held[0]?.();
    held[0]?.();
    expect(streams.streamCount()).toBe(4);
    const again = streams.addVisitor('c', '192.0.2.1', () => {});
    expect(again).toBeDefined();
    expect(streams.addVisitor('e', '192.0.2.1', () => {})).toBeUndefined();
    // Every stream of an address closed, it may open the cap's worth again.
    for (const unsubscribe of [held[1], held[2], again]) unsubscribe?.();
    const reopened = ['f', 'g', 'h'].map((sessionId) => streams.addVisitor(sessionId, '192.0.2.1', () => {}));
    expect(reopened.every(Boolean)).toBe(true);
    expect(streams.listeningSessions().sort()).toEqual(['a', 'd', 'f', 'g', 'h']);
  });

  it('counts no admin stream against an address, and an address at its cap turns no admin away', () => {
    const streams = hub(10, 2, 2);
    expect(streams.addVisitor('a', '192.0.2.1', () => {})).toBeDefined();
    expect(streams.addVisitor('b', '192.0.2.1', () => {})).toBeDefined();
    expect(streams.addVisitor('c', '192.0.2.1', () => {})).toBeUndefined();
    // Admins fill what visitors leave, past any per-address count.
    const admins = Array.from({ length: 8 }, () => streams.addAdmin(() => {}));
    expect(admins.every(Boolean)).toBe(true);
    expect(streams.streamCount()).toBe(10);
    for (const unsubscribe of admins) unsubscribe?.();
    // And their closing gives the address nothing it did not have.
    expect(streams.addVisitor('c', '192.0.2.1', () => {})).toBeUndefined();
    expect(streams.addVisitor('c', '192.0.2.2', () => {})).toBeDefined();
  });
});
