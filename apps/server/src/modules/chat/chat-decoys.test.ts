import { randomBytes } from 'node:crypto';
import { CHAT_MESSAGES } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import type { ChatRepository } from './chat.repository.js';
import { createChatService } from './chat.service.js';
import { createChatDecoys } from './chat-decoys.js';
import type { ChatEventTransport, VisitorEvent } from './chat-events.js';

const at = new Date('2026-03-01T10:00:00.000Z');

describe('chat decoys', () => {
  it('issues ids shaped like real session ids that only a server with the secret recognises', () => {
    const decoys = createChatDecoys('secret-a');
    const id = decoys.start(at);
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
    const id = decoys.start(at);
    const first = decoys.post(id, 'one', at);
    const second = decoys.post(id, 'two', new Date(at.getTime() + 1_000));
    expect(first).toMatchObject({ text: 'one', sender: 'user', seq: 1, timestamp: at.toISOString() });
    expect(second?.seq).toBe(2);
    expect(decoys.messagesAfter(id, { kind: 'none' })).toEqual([first, second]);
    expect(decoys.messagesAfter(id, { kind: 'seq', seq: 1 })).toEqual([second]);
    expect(decoys.messagesAfter(id, { kind: 'message', id: first?._id ?? '' })).toEqual([second]);
    expect(decoys.messagesAfter(id, { kind: 'instant', iso: at.toISOString() })).toEqual([second]);
    expect(decoys.messagesAfter(id, { kind: 'message', id: crypto.randomUUID() })).toBeUndefined();
    // Another decoy shares nothing.
    expect(decoys.messagesAfter(decoys.start(at), { kind: 'none' })).toEqual([]);
  });

  it('holds bounded memory: chats, messages per chat and characters overall', () => {
    const decoys = createChatDecoys('secret', { maxSessions: 3, maxMessagesPerSession: 2, maxChars: 50 });
    const ids = Array.from({ length: 5 }, () => decoys.start(at));
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

  it('closes decoys idle since a time, oldest activity first, and refuses their posts', () => {
    const decoys = createChatDecoys('secret');
    const quiet = decoys.start(at);
    const chatty = decoys.start(at);
    decoys.post(chatty, 'hello', new Date(at.getTime() + 60_000));
    expect(decoys.closeIdle(at)).toEqual([]);
    expect(decoys.closeIdle(new Date(at.getTime() + 1))).toEqual([quiet]);
    // Closed once: a later sweep does not close it again.
    expect(decoys.closeIdle(new Date(at.getTime() + 60_001))).toEqual([chatty]);
    expect(decoys.status(quiet)).toBe('closed');
    expect(decoys.post(chatty, 'anyone?', new Date(at.getTime() + 120_000))).toBeUndefined();
    expect(decoys.messagesAfter(chatty, { kind: 'none' })?.map((m) => m.text)).toEqual(['hello']);
  });
});

describe('a decoy chat in the chat service', () => {
  const DAY_MS = 86_400_000;

  function serviceAt(clock: { now: Date }) {
    const events: Array<[string, VisitorEvent]> = [];
    const published: unknown[] = [];
    const untouched = () => {
      throw new Error('a decoy reached the database');
    };
    const repo = new Proxy({} as ChatRepository, {
      // The sweep still sweeps real chats (none here); anything else would be the decoy reaching the database.
      get: (_target, name) =>
        name === 'closeIdle' ? async () => [] : name === 'deleteClosedBefore' ? async () => 0 : untouched,
    });
    const transport: ChatEventTransport = {
      publish: async (event) => {
        published.push(event);
      },
      start: async () => {},
      close: async () => {},
    };
    const chat = createChatService({
      repo,
      transport,
      presence: { seen() {} },
      log: { warn() {} },
      now: () => clock.now,
      retentionDays: 90,
      decoys: createChatDecoys(randomBytes(32)),
      toDecoyStreams: (sessionId, event) => events.push([sessionId, event]),
    });
    return { chat, events, published };
  }

  it("tells only this instance's streams of its posted message, as a real chat's streams are told", async () => {
    const clock = { now: at };
    const { chat, events, published } = serviceAt(clock);
    const { sessionId } = await chat.start({ userName: 'Bot', website: 'x' });
    const message = await chat.post(sessionId, 'hello', 'user');
    await Promise.resolve();
    expect(events).toEqual([[sessionId, { type: 'message', message }]]);
    expect(published).toEqual([]);
  });

  it('closes after a day without activity, as a real chat does, and tells its streams', async () => {
    const clock = { now: at };
    const { chat, events, published } = serviceAt(clock);
    const { sessionId } = await chat.start({ userName: 'Bot', website: 'x' });
    await chat.post(sessionId, 'hello', 'user');
    clock.now = new Date(at.getTime() + DAY_MS);
    await chat.sweep();
    expect((await chat.visitorConversation(sessionId, undefined)).status).toBe('active');

    clock.now = new Date(at.getTime() + DAY_MS + 1);
    expect(await chat.sweep()).toEqual({ closed: 0, deleted: 0 });
    await Promise.resolve();
    expect(events.at(-1)).toEqual([sessionId, { type: 'closed' }]);
    expect(await chat.streamState(sessionId)).toEqual({ status: 'closed', readUpTo: 0 });
    const conversation = await chat.visitorConversation(sessionId, undefined);
    expect(conversation).toMatchObject({ status: 'closed', messages: [{ text: 'hello' }] });
    await expect(chat.post(sessionId, 'still there?', 'user')).rejects.toMatchObject({
      status: 409,
      code: 'CHAT_CLOSED',
      detail: CHAT_MESSAGES.closedBySupport,
    });
    expect(published).toEqual([]);
  });
});
