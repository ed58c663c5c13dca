import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { openSse, type SseEvent } from './chat.test-support.js';

/** What a call answered, with what differs between any two chats (ids, times) replaced by its kind. */
interface Answer {
  status: number;
  contentType: string | null;
  headerNames: string[];
  body: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalize);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalize(inner)]));
  }
  if (typeof value !== 'string') return value;
  if (UUID.test(value)) return '<uuid>';
  // A problem's `instance` names the path, with the session id (and a cursor) in it.
  if (value.startsWith('/api/')) {
    return value
      .replace(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '<uuid>')
      .replace(/\/[A-Za-z0-9_-]{22}(?=[/?]|$)/, '/<session id>');
  }
  if (ISO.test(value)) return '<time>';
  if (SESSION_ID.test(value)) return '<session id>';
  return value;
}

/** Headers whose values differ per request; their presence is compared, not their values. */
const VARYING = new Set([
  'date',
  'x-request-id',
  'content-length',
  'x-ratelimit-reset',
  'x-ratelimit-remaining',
]);

describeEachDialect('chat honeypot', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      ADMIN_EMAILS: 'admin@example.com',
      CHAT_START_RATE_LIMIT_PER_MINUTE: '1000',
      CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE: '1000',
    });
    admin = (await t.signIn('admin@example.com', 'Ada Admin')).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const answer = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await t.request(method, `/api/v1${path}`, body === undefined ? {} : { body });
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      headerNames: [...res.headers.keys()].sort(),
      body: normalize(res.body),
    };
  };

  /** A visitor's whole chat, call by call; answers the session id and every answer normalized. */
  async function drive(start: Record<string, string>) {
    const answers: Record<string, unknown> = {};
    const started = await t.request('POST', '/api/v1/chat/start', { body: start });
    const sessionId = started.body.data.sessionId as string;
    answers.start = {
      status: started.status,
      contentType: started.headers.get('content-type'),
      headerNames: [...started.headers.keys()].sort(),
      body: normalize(started.body),
    };
    expect(sessionId).toMatch(SESSION_ID);

    answers.firstMessage = await answer('POST', '/chat/message', { sessionId, message: 'Hello there' });
    // The poll by time below asks for the messages strictly after the first one's instant. On a fast
    // machine the second message could share its millisecond for one visitor and not the other, and the
    // two chats would rightly answer differently: let the clock move on first.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const first = await t.request('POST', '/api/v1/chat/message', {
      body: { sessionId, message: 'Is anyone there?', sender: 'admin' },
    });
    answers.secondMessage = { status: first.status, body: normalize(first.body) };
    answers.poll = await answer('GET', `/chat/messages/${sessionId}`);
    answers.pollBySeq = await answer('GET', `/chat/messages/${sessionId}?since=1`);
    const all = await t.request('GET', `/api/v1/chat/messages/${sessionId}`);
    const [firstMessage] = (all.body.data?.messages ?? []) as Array<{ _id: string; timestamp: string }>;
    answers.pollById = await answer('GET', `/chat/messages/${sessionId}?since=${firstMessage?._id}`);
    answers.pollByTime = await answer(
      'GET',
      `/chat/messages/${sessionId}?since=${encodeURIComponent(firstMessage?.timestamp ?? '')}`,
    );
    answers.pollByUnknownId = await answer('GET', `/chat/messages/${sessionId}?since=${crypto.randomUUID()}`);
    answers.badSince = await answer('GET', `/chat/messages/${sessionId}?since=yesterday`);
    answers.emptyMessage = await answer('POST', '/chat/message', { sessionId, message: '   ' });
    answers.tooLong = await answer('POST', '/chat/message', { sessionId, message: 'x'.repeat(2001) });

    const stream = await openSse(`${t.url}/api/v1/chat/messages/${sessionId}/stream`);
    await stream.next((e) => e.event === 'read');
    const resumed = await openSse(`${t.url}/api/v1/chat/messages/${sessionId}/stream`, {
      'last-event-id': '1',
    });
    await resumed.next((e) => e.event === 'read');
    const events = (list: SseEvent[]) =>
      list.map((e) => ({ event: e.event, id: e.id, data: normalize(e.data) }));
    answers.stream = { status: stream.status, events: events(stream.events) };
    answers.resumedStream = { status: resumed.status, events: events(resumed.events) };
    stream.close();
    resumed.close();

    // A stream that is open when the visitor posts receives the visitor's own message, as it is stored.
    const live = await openSse(`${t.url}/api/v1/chat/messages/${sessionId}/stream`, { 'last-event-id': '2' });
    await live.next((e) => e.event === 'read');
    answers.postWhileStreaming = await answer('POST', '/chat/message', {
      sessionId,
      message: 'Still there?',
    });
    // (a missing event fails the comparison below, which shows what the stream had instead)
    await live
      .next((e) => e.event === 'message' && JSON.stringify(e.data).includes('Still there?'), 2_000)
      .catch(() => undefined);
    answers.liveStream = { status: live.status, events: events(live.events) };
    live.close();
    return { sessionId, answers };
  }

  it('a bot caught by the honeypot gets the same answers as a person, call by call', async () => {
    const person = await drive({ userName: 'Pat Person' });
    const bot = await drive({ userName: 'Bot Name', website: 'http://spam.example' });
    for (const [call, real] of Object.entries(person.answers)) {
      const fake = bot.answers[call] as Answer;
      const visible = (a: Answer) =>
        'headerNames' in a ? { ...a, headerNames: a.headerNames.filter((h) => !VARYING.has(h)) } : a;
      expect(visible(fake), call).toEqual(visible(real as Answer));
    }
    // What was compared: the bot's stream sent the messages and the read marker, as the person's did.
    const eventNames = (answers: { events: Array<{ event: string }> }) => answers.events.map((e) => e.event);
    expect(eventNames(bot.answers.stream as never)).toEqual(['message', 'message', 'read']);
    expect(eventNames(bot.answers.resumedStream as never)).toEqual(['message', 'read']);
    expect(bot.answers.liveStream).toMatchObject({
      events: [
        { event: 'read' },
        { event: 'message', id: '3', data: { text: 'Still there?', sender: 'user', seq: 3 } },
      ],
    });
    // Messages are echoed, in order, as sent.
    expect(bot.answers.poll).toMatchObject({
      status: 200,
      body: {
        data: {
          messages: [
            { text: 'Hello there', seq: 1 },
            { text: 'Is anyone there?', seq: 2 },
          ],
        },
      },
    });
  });

  it('admins see nothing of the honeypot chat, and nothing of it is stored', async () => {
    const ticket = (await t.request('POST', '/api/v1/chat/admin/stream-ticket', { token: admin })).body.data
      .ticket as string;
    const adminStream = await openSse(
      `${t.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`,
    );
    expect(adminStream.status).toBe(200);

    const bot = await drive({ userName: 'Sneaky Bot', userEmail: 'bot@spam.example', website: 'x' });
    // A real chat afterwards: when the admin stream has its message, it would have had the bot's too.
    const real = await t.request('POST', '/api/v1/chat/start', { body: { userName: 'Real Ruth' } });
    const realId = real.body.data.sessionId as string;
    await t.request('POST', '/api/v1/chat/message', {
      body: { sessionId: realId, message: 'after the bot' },
    });
    await adminStream.next((e) => e.event === 'message' && JSON.stringify(e.data).includes('after the bot'));
    expect(JSON.stringify(adminStream.events)).not.toContain(bot.sessionId);
    adminStream.close();

    const list = await t.request('GET', '/api/v1/chat/admin/chats?status=active', { token: admin });
    expect(list.body.data.map((c: { sessionId: string }) => c.sessionId)).not.toContain(bot.sessionId);
    const search = await t.request('GET', '/api/v1/chat/admin/chats?q=Sneaky', { token: admin });
    expect(search.body.data).toEqual([]);
    const opened = await t.request('GET', `/api/v1/chat/admin/chat/${bot.sessionId}`, { token: admin });
    expect(opened.status).toBe(404);
    // An admin cannot post into it either: for admins it does not exist.
    const reply = await t.request('POST', '/api/v1/chat/message', {
      body: { sessionId: bot.sessionId, message: 'hello bot' },
      token: admin,
    });
    expect(reply.status).toBe(404);

    const sessions = await t.database.db
      .selectFrom('chat_sessions')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', bot.sessionId), eb('user_name', '=', 'Sneaky Bot')]))
      .execute();
    expect(sessions).toEqual([]);
    const messages = await t.database.db
      .selectFrom('chat_messages')
      .select('id')
      .where('session_id', '=', bot.sessionId)
      .execute();
    expect(messages).toEqual([]);
  });

  it('a session id that is neither stored nor a decoy is still 404', async () => {
    const res = await t.request('POST', '/api/v1/chat/message', {
      body: { sessionId: 'AAAAAAAAAAAAAAAAAAAAAA', message: 'hi' },
    });
    expect(res.status).toBe(404);
    expect((await t.request('GET', '/api/v1/chat/messages/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
