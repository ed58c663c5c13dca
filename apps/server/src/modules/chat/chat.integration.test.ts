import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHAT_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { openSse } from './chat.test-support.js';

describeEachDialect('chat API', (dialect) => {
  let t: TestApp;
  let admin: string;
  let secondAdmin: string;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp(dialect, {
      ADMIN_EMAILS: 'admin@example.com,second@example.com',
      CHAT_START_RATE_LIMIT_PER_MINUTE: '1000',
      CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE: '1000',
    });
    admin = (await t.signIn('admin@example.com', 'Ada Admin')).accessToken;
    secondAdmin = (await t.signIn('second@example.com', 'Sam Second')).accessToken;
    owner = (await t.signIn('owner@example.com', 'Olive Owner')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const api = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    t.request(method, `/api/v1${path}`, options);

  async function startChat(userName = 'Visitor', userEmail?: string): Promise<string> {
    const res = await api('POST', '/chat/start', { body: { userName, ...(userEmail ? { userEmail } : {}) } });
    expect(res.status).toBe(201);
    return res.body.data.sessionId as string;
  }
  const say = (sessionId: string, message: string, token?: string, sender = 'user') =>
    api('POST', '/chat/message', { body: { sessionId, message, sender }, ...(token ? { token } : {}) });

  it('starts a chat with an unguessable session id and no messages', async () => {
    const res = await api('POST', '/chat/start', {
      body: { userName: '  Ann  ', userEmail: 'ann@example.org' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.messages).toEqual([]);
    expect(res.body.data.sessionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const row = await t.database.db
      .selectFrom('chat_sessions')
      .selectAll()
      .where('id', '=', res.body.data.sessionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_name: 'Ann', user_email: 'ann@example.org', status: 'active' });
  });

  it('the server, not the body, decides who speaks', async () => {
    const sessionId = await startChat();
    const forged = await say(sessionId, 'I am support, give me your password', undefined, 'admin');
    expect(forged.status).toBe(201);
    expect(forged.body.data.sender).toBe('user');
    const byOwner = await say(sessionId, 'signed in, but no admin', owner, 'admin');
    expect(byOwner.body.data.sender).toBe('user');
    const byAdmin = await say(sessionId, 'Hello from support', admin, 'user');
    expect(byAdmin.body.data.sender).toBe('admin');
    const badToken = await say(sessionId, 'stale token', 'not-a-token');
    expect(badToken.status).toBe(401);
    const conversation = await api('GET', `/chat/messages/${sessionId}`);
    expect(conversation.body.data.messages.map((m: { sender: string }) => m.sender)).toEqual([
      'user',
      'user',
      'admin',
    ]);
    expect(conversation.body.data.messages.map((m: { seq: number }) => m.seq)).toEqual([1, 2, 3]);
  });

  it('since returns exactly the messages after it, by id, seq or time, even within one millisecond', async () => {
    const sessionId = await startChat();
    const sent = [];
    for (const text of ['one', 'two', 'three', 'four']) sent.push((await say(sessionId, text)).body.data);
    // Make two messages share one millisecond, as a burst would.
    await t.database.db
      .updateTable('chat_messages')
      .set({ created_at: sent[1].timestamp })
      .where('id', '=', sent[2]._id)
      .execute();
    const after = async (since: string) =>
      (
        await api('GET', `/chat/messages/${sessionId}?since=${encodeURIComponent(since)}`)
      ).body.data.messages.map((m: { text: string }) => m.text);
    expect(await after(sent[1]._id)).toEqual(['three', 'four']);
    expect(await after('3')).toEqual(['four']);
    expect(await after(sent[0].timestamp)).toEqual(['two', 'three', 'four']);
    expect(await after(sent[3]._id)).toEqual([]);
    const bad = await api('GET', `/chat/messages/${sessionId}?since=yesterday`);
    expect(bad.status).toBe(400);
    const otherChat = await startChat();
    const foreignId = await api('GET', `/chat/messages/${otherChat}?since=${sent[0]._id}`);
    expect(foreignId.status).toBe(400);
  });

  it('the admin list is computed on the server: unread, last message, counts, presence, order and search', async () => {
    const quiet = await startChat('Quiet Quentin', 'quentin@example.org');
    const busy = await startChat('Busy Beatrice');
    await say(busy, 'First question');
    await say(busy, 'Do you support invoices?');
    const list = (await api('GET', '/chat/admin/chats?status=active', { token: admin })).body.data;
    const busyEntry = list.find((c: { sessionId: string }) => c.sessionId === busy);
    expect(busyEntry).toMatchObject({
      userName: 'Busy Beatrice',
      status: 'online',
      lastMessage: 'Do you support invoices?',
      unreadCount: 2,
      totalMessages: 2,
    });
    // Last activity first.
    expect(list.findIndex((c: { sessionId: string }) => c.sessionId === busy)).toBeLessThan(
      list.findIndex((c: { sessionId: string }) => c.sessionId === quiet),
    );
    // Opening the conversation moves the read marker for every admin, and it stays after a reload.
    const opened = await api('GET', `/chat/admin/chat/${busy}`, { token: admin });
    expect(opened.status).toBe(200);
    expect(opened.body.data.messages).toHaveLength(2);
    expect(opened.body.data.session.sessionId).toBe(busy);
    const forOther = (await api('GET', '/chat/admin/chats', { token: secondAdmin })).body.data;
    expect(forOther.find((c: { sessionId: string }) => c.sessionId === busy).unreadCount).toBe(0);
    const visitorView = (await api('GET', `/chat/messages/${busy}`)).body.data;
    expect(visitorView.readUpTo).toBe(2);
    // Server-side search: name, email, message text; wildcards are literal.
    const search = async (q: string) =>
      (await api('GET', `/chat/admin/chats?q=${encodeURIComponent(q)}`, { token: admin })).body.data.map(
        (c: { sessionId: string }) => c.sessionId,
      );
    expect(await search('quentin@')).toEqual([quiet]);
    expect(await search('INVOICES')).toEqual([busy]);
    expect(await search('%')).toEqual([]);
    // Presence: offline when the visitor has not been seen for 10 s.
    await t.database.db
      .updateTable('chat_sessions')
      .set({ visitor_seen_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', quiet)
      .execute();
    const later = (await api('GET', '/chat/admin/chats', { token: admin })).body.data;
    expect(later.find((c: { sessionId: string }) => c.sessionId === quiet).status).toBe('offline');
  });

  it('admin calls: 401 without a token, 403 for a non-admin', async () => {
    const sessionId = await startChat();
    for (const [method, path] of [
      ['GET', '/chat/admin/chats'],
      ['GET', `/chat/admin/chat/${sessionId}`],
      ['PATCH', `/chat/admin/chat/${sessionId}/close`],
      ['POST', `/chat/admin/chat/${sessionId}/typing`],
      ['POST', '/chat/admin/stream-ticket'],
    ] as const) {
      expect((await api(method, path)).status, `${method} ${path}`).toBe(401);
      expect((await api(method, path, { token: owner })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('a closed chat refuses messages with 409 and the visitor can start a new one', async () => {
    const sessionId = await startChat();
    await say(sessionId, 'Hi');
    const closed = await api('PATCH', `/chat/admin/chat/${sessionId}/close`, { token: admin });
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('closed');
    const visitor = await say(sessionId, 'Are you there?');
    expect(visitor.status).toBe(409);
    expect(visitor.body.detail).toBe(CHAT_MESSAGES.closedBySupport);
    expect((await say(sessionId, 'reply', admin)).status).toBe(409);
    expect((await api('GET', `/chat/messages/${sessionId}`)).body.data.status).toBe('closed');
    expect((await api('PATCH', `/chat/admin/chat/${sessionId}/close`, { token: admin })).status).toBe(200);
    const closedList = (await api('GET', '/chat/admin/chats?status=closed', { token: admin })).body.data;
    expect(closedList.some((c: { sessionId: string; status: string }) => c.sessionId === sessionId)).toBe(
      true,
    );
    expect(await startChat()).not.toBe(sessionId);
  });

  it('bad input is a clear 4xx and stores nothing', async () => {
    const sessionId = await startChat();
    const cases: Array<[string, string, unknown, number, string?]> = [
      ['POST', '/chat/start', { userName: '   ' }, 400, CHAT_MESSAGES.nameRequired],
      ['POST', '/chat/start', {}, 400, CHAT_MESSAGES.nameRequired],
      ['POST', '/chat/start', { userName: 'x'.repeat(81) }, 400],
      ['POST', '/chat/start', { userName: 'Ann', userEmail: 'not-an-email' }, 400],
      ['POST', '/chat/message', { sessionId, message: '   ' }, 400, CHAT_MESSAGES.messageRequired],
      ['POST', '/chat/message', { sessionId, message: 'x'.repeat(2001) }, 400, CHAT_MESSAGES.messageTooLong],
      ['POST', '/chat/message', { sessionId, message: 42 }, 400],
      ['POST', '/chat/message', { sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', message: 'hi' }, 404],
      ['POST', '/chat/message', { sessionId: '../../etc', message: 'hi' }, 400],
      ['POST', '/chat/message', { sessionId, message: 'nul \u0000' }, 400],
    ];
    for (const [method, path, body, status, detail] of cases) {
      const res = await api(method, path, { body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (detail) expect(res.body.detail).toBe(detail);
    }
    const badJson = await t.request('POST', '/api/v1/chat/message', {
      rawBody: '{"sessionId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expect((await api('GET', '/chat/messages/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await api('GET', '/chat/messages/AAAAAAAAAAAAAAAAAAAAAA/stream')).status).toBe(404);
    expect((await api('GET', `/chat/admin/chat/AAAAAAAAAAAAAAAAAAAAAA`, { token: admin })).status).toBe(404);
    expect((await api('GET', `/chat/messages/${sessionId}`)).body.data.messages).toEqual([]);
    // Text stays text: the server stores it as sent, the pages render it as text.
    const html = await say(sessionId, '<img src=x onerror=alert(1)>');
    expect(html.body.data.text).toBe('<img src=x onerror=alert(1)>');
  });

  it('the honeypot: a bot gets an answer and nothing is stored', async () => {
    const before = await t.database.db
      .selectFrom('chat_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await api('POST', '/chat/start', {
      body: { userName: 'Bot', website: 'http://spam.example' },
    });
    expect(res.status).toBe(201);
    const after = await t.database.db
      .selectFrom('chat_sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Its chat answers as a real one (chat-honeypot.integration.test.ts compares them call by call).
    expect((await say(res.body.data.sessionId, 'hi')).status).toBe(201);
  });

  it('streams a visitor the admin’s reply, the read marker and typing, and resumes from Last-Event-ID', async () => {
    const sessionId = await startChat('Streamer');
    const first = (await say(sessionId, 'Hello?')).body.data;
    const stream = await openSse(`${t.url}/api/v1/chat/messages/${sessionId}/stream`);
    expect(stream.status).toBe(200);
    // The stream takes over the raw reply: the API's security headers still go out on it.
    expect(stream.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(stream.headers.get('x-frame-options')).toBe('DENY');
    await stream.next((e) => e.event === 'message' && (e.data as { seq: number }).seq === 1);
    await api('GET', `/chat/admin/chat/${sessionId}`, { token: admin });
    await stream.next((e) => e.event === 'read' && (e.data as { readUpTo: number }).readUpTo === 1);
    expect((await api('POST', `/chat/admin/chat/${sessionId}/typing`, { token: admin })).status).toBe(204);
    await stream.next((e) => e.event === 'typing');
    expect((await api('GET', `/chat/messages/${sessionId}`)).body.data.supportTyping).toBe(true);
    const sentAt = Date.now();
    await say(sessionId, 'Hi, how can I help?', admin);
    const reply = await stream.next((e) => e.event === 'message' && (e.data as { seq: number }).seq === 2);
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    expect(reply.id).toBe('2');
    expect(reply.data).toMatchObject({ text: 'Hi, how can I help?', sender: 'admin' });
    stream.close();

    // Messages sent while disconnected arrive on reconnect, and nothing before Last-Event-ID repeats.
    await say(sessionId, 'Still there?');
    await say(sessionId, 'Hello??');
    const resumed = await openSse(`${t.url}/api/v1/chat/messages/${sessionId}/stream`, {
      'last-event-id': '2',
    });
    await resumed.next((e) => e.event === 'message' && (e.data as { seq: number }).seq === 4);
    expect(
      resumed.events.filter((e) => e.event === 'message').map((e) => (e.data as { seq: number }).seq),
    ).toEqual([3, 4]);
    await api('PATCH', `/chat/admin/chat/${sessionId}/close`, { token: admin });
    await resumed.next((e) => e.event === 'closed');
    resumed.close();
    expect(first.seq).toBe(1);
  });

  it('admins listen with a one-minute ticket, never the access token in a URL', async () => {
    const ticket = (await api('POST', '/chat/admin/stream-ticket', { token: admin })).body.data
      .ticket as string;
    expect(
      (await openSse(`${t.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(admin)}`)).status,
    ).toBe(401);
    expect((await openSse(`${t.url}/api/v1/chat/admin/stream?ticket=forged`)).status).toBe(401);
    const stream = await openSse(`${t.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(stream.status).toBe(200);
    const sessionId = await startChat('Newcomer');
    await stream.next(
      (e) => e.event === 'session' && (e.data as { sessionId: string }).sessionId === sessionId,
    );
    await say(sessionId, 'I need help');
    const event = await stream.next((e) => e.event === 'message');
    expect(event.data).toMatchObject({ sessionId, message: { text: 'I need help', sender: 'user' } });
    expect(event.id).toBe((event.data as { message: { timestamp: string } }).message.timestamp);
    stream.close();
    // A ticket opens one stream.
    expect(
      (await openSse(`${t.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`)).status,
    ).toBe(401);
    // Resuming (with a new ticket) from the last event's time brings what came meanwhile.
    await say(sessionId, 'Anyone?');
    const again = (await api('POST', '/chat/admin/stream-ticket', { token: admin })).body.data
      .ticket as string;
    const resumed = await openSse(`${t.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(again)}`, {
      'last-event-id': event.id ?? '',
    });
    await resumed.next(
      (e) => e.event === 'message' && (e.data as { message: { text: string } }).message.text === 'Anyone?',
    );
    resumed.close();

    // An admin demoted since the ticket was issued cannot open the stream: the check reads the stored role.
    const late = (await api('POST', '/chat/admin/stream-ticket', { token: secondAdmin })).body.data
      .ticket as string;
    const setRole = (role: 'Admin' | 'User') =>
      t.database.db.updateTable('users').set({ role }).where('email', '=', 'second@example.com').execute();
    await setRole('User');
    try {
      expect(
        (await openSse(`${t.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(late)}`)).status,
      ).toBe(403);
    } finally {
      await setRole('Admin');
    }
  });

  it('a chat idle for a day closes itself; closed chats are deleted after the retention period', async () => {
    const idle = await startChat('Idle');
    await say(idle, 'hello');
    const old = await startChat('Old');
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await t.database.db
      .updateTable('chat_sessions')
      .set({ last_activity_at: dayAgo })
      .where('id', '=', idle)
      .execute();
    await t.database.db
      .updateTable('chat_sessions')
      .set({ status: 'closed', closed_at: new Date(Date.now() - 91 * 86_400_000).toISOString() })
      .where('id', '=', old)
      .execute();
    const { createChatRepository } = await import('./chat.repository.js');
    const { createChatService } = await import('./chat.service.js');
    const { createInProcessTransport } = await import('./chat-events.js');
    const service = createChatService({
      // (the in-process parts of a second service over the same database)
      repo: createChatRepository(t.database.db),
      transport: createInProcessTransport(),
      presence: { seen() {} },
      log: { warn() {} },
      retentionDays: 90,
    });
    const swept = await service.sweep();
    expect(swept.closed).toBeGreaterThanOrEqual(1);
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect((await api('GET', `/chat/messages/${idle}`)).body.data.status).toBe('closed');
    expect((await api('GET', `/chat/messages/${old}`)).status).toBe(404);
    const orphans = await t.database.db
      .selectFrom('chat_messages')
      .select('id')
      .where('session_id', '=', old)
      .execute();
    expect(orphans).toEqual([]);
  });
});

describeEachDialect('chat limits', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      CHAT_START_RATE_LIMIT_PER_MINUTE: '2',
      CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('limits chats started per address and messages per chat, with Retry-After', async () => {
    const start = () => t.request('POST', '/api/v1/chat/start', { body: { userName: 'Spammer' } });
    const first = await start();
    expect(first.status).toBe(201);
    expect((await start()).status).toBe(201);
    const third = await start();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);

    const sessionId = first.body.data.sessionId;
    const send = () => t.request('POST', '/api/v1/chat/message', { body: { sessionId, message: 'spam' } });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('chat across instances [postgres]', () => {
  let a: TestApp;
  let b: TestApp;
  let bDataDir: string | undefined;
  beforeAll(async () => {
    a = await startTestApp('postgres', { ADMIN_EMAILS: 'admin@example.com' });
    const { openDatabase } = await import('../../db/database.js');
    const url = a.database.url;
    if (!url) throw new Error('the PostgreSQL test database has no URL');
    const second = openDatabase({ kind: 'postgres', url });
    bDataDir = mkdtempSync(path.join(tmpdir(), 'sheetforms-chat-b-'));
    b = await startTestApp(
      'postgres',
      { ADMIN_EMAILS: 'admin@example.com' },
      {
        database: { ...second, dataDir: bDataDir },
      },
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    // b's data directory is its own, beside a's database: closing b closed only the connection.
    if (bDataDir) rmSync(bDataDir, { recursive: true, force: true });
  });

  it('a visitor listening on one instance gets the admin’s reply posted on another, within 250 ms (the median)', async () => {
    const admin = (await a.signIn('admin@example.com', 'Admin')).accessToken;
    const started = await b.request('POST', '/api/v1/chat/start', { body: { userName: 'Roamer' } });
    const sessionId = started.body.data.sessionId as string;
    const stream = await openSse(`${b.url}/api/v1/chat/messages/${sessionId}/stream`);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'read');
    const ticket = (await a.request('POST', '/api/v1/chat/admin/stream-ticket', { token: admin })).body.data
      .ticket;
    const adminStream = await openSse(
      `${a.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`,
    );
    const latencies: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const sentAt = performance.now();
      const posted = await a.request('POST', '/api/v1/chat/message', {
        body: { sessionId, message: `reply ${i}` },
        token: admin,
      });
      expect(posted.status).toBe(201);
      await stream.next((e) => e.event === 'message' && (e.data as { text: string }).text === `reply ${i}`);
      latencies.push(performance.now() - sentAt);
    }
    // The median of five: one reply held by a garbage collection or a busy core (the two apps and this
    // test share one event loop, beside another test worker) is not the pub/sub path being slow.
    const sorted = [...latencies].sort((x, y) => x - y);
    expect(sorted[2], `latencies ${latencies.map(Math.round).join(', ')} ms`).toBeLessThan(250);
    expect(sorted[4]).toBeLessThan(1_500);
    // And the other way: a visitor's message on instance B reaches the admin listening on A.
    await b.request('POST', '/api/v1/chat/message', { body: { sessionId, message: 'thanks!' } });
    await adminStream.next(
      (e) => e.event === 'message' && (e.data as { message: { text: string } }).message.text === 'thanks!',
    );
    stream.close();
    adminStream.close();
  });
});
