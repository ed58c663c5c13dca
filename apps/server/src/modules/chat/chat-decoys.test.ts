import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createChatDecoys } from './chat-decoys.js';

const at = new Date('2026-03-01T10:00:00.000Z');

describe('chat decoys', () => {
  it('issues ids shaped like real session ids that only a server with the secret recognises', () => {
    const decoys = createChatDecoys('secret-a');
    const id = decoys.newId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(decoys.owns(id)).toBe(true);
    expect(createChatDecoys('secret-a').owns(id)).toBe(true);
    expect(createChatDecoys('secret-b').owns(id)).toBe(false);
    // Real ids (128 random bits) and a tampered decoy id are not decoys.
    for (let i = 0; i < 1_000; i++) expect(decoys.owns(randomBytes(16).toString('base64url'))).toBe(false);
    const tampered = `${id.slice(0, 5)}${id[5] === 'A' ? 'B' : 'A'}${id.slice(6)}`;
    expect(decoys.owns(tampered)).toBe(false);
    expect(decoys.owns(`${id}AAAA`)).toBe(false);
  });

  it('echoes messages with growing seq and answers them after any cursor', () => {
    const decoys = createChatDecoys('secret');
    const id = decoys.newId();
    const first = decoys.post(id, 'one', at);
    const second = decoys.post(id, 'two', new Date(at.getTime() + 1_000));
    expect(first).toMatchObject({ text: 'one', sender: 'user', seq: 1, timestamp: at.toISOString() });
    expect(second.seq).toBe(2);
    expect(decoys.messagesAfter(id, { kind: 'none' })).toEqual([first, second]);
    expect(decoys.messagesAfter(id, { kind: 'seq', seq: 1 })).toEqual([second]);
    expect(decoys.messagesAfter(id, { kind: 'message', id: first._id })).toEqual([second]);
    expect(decoys.messagesAfter(id, { kind: 'instant', iso: at.toISOString() })).toEqual([second]);
    expect(decoys.messagesAfter(id, { kind: 'message', id: crypto.randomUUID() })).toBeUndefined();
    // Another decoy shares nothing.
    expect(decoys.messagesAfter(decoys.newId(), { kind: 'none' })).toEqual([]);
  });

  it('holds bounded memory: chats, messages per chat and characters overall', () => {
    const decoys = createChatDecoys('secret', { maxSessions: 3, maxMessagesPerSession: 2, maxChars: 50 });
    const ids = Array.from({ length: 5 }, () => decoys.newId());
    for (const id of ids) decoys.post(id, 'x', at);
    expect(decoys.size().sessions).toBe(3);
    // The least recently used went first.
    expect(decoys.messagesAfter(ids[0] ?? '', { kind: 'none' })).toEqual([]);
    expect(decoys.messagesAfter(ids[4] ?? '', { kind: 'none' })).toHaveLength(1);

    const chatty = ids[4] ?? '';
    for (const text of ['a', 'b', 'c']) decoys.post(chatty, text, at);
    expect(decoys.messagesAfter(chatty, { kind: 'none' })?.map((m) => m.text)).toEqual(['b', 'c']);
    expect(decoys.messagesAfter(chatty, { kind: 'none' })?.map((m) => m.seq)).toEqual([3, 4]);

    decoys.post(chatty, 'y'.repeat(49), at);
    expect(decoys.size().chars).toBeLessThanOrEqual(50);
    expect(decoys.size().sessions).toBe(1);
  });
});
