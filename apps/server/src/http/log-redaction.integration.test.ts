import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { openSse } from '../modules/chat/chat.test-support.js';
import { describeEachDialect } from '../test/dialects.js';
import { startTestApp, type TestApp } from '../test/test-app.js';

// A visitor's chat session id is their only credential, and an admin stream ticket is one for a minute:
// whoever reads the server's logs must find neither, whatever the visitor and the admins do.

describeEachDialect('credentials stay out of the logs', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a whole chat over HTTP, with its errors, logs no session id and no stream ticket', async () => {
    const lines: string[] = [];
    t = await startTestApp(
      dialect,
      { LOG_LEVEL: 'trace', ADMIN_EMAILS: 'admin@example.com' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    const app = t;
    const api = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
      app.request(method, `/api/v1${path}`, options);
    const admin = (await app.signIn('admin@example.com', 'Ada Admin')).accessToken;

    // The visitor starts a chat, writes, reads, and listens.
    const started = await api('POST', '/chat/start', { body: { userName: 'Vera Visitor' } });
    expect(started.status).toBe(201);
    const sessionId = started.body.data.sessionId as string;
    expect((await api('POST', '/chat/message', { body: { sessionId, message: 'Hello?' } })).status).toBe(201);
    const conversation = await api('GET', `/chat/messages/${sessionId}`);
    expect(conversation.status).toBe(200);
    const firstId = conversation.body.data.messages[0]._id as string;
    expect((await api('GET', `/chat/messages/${sessionId}?since=${firstId}`)).status).toBe(200);
    expect((await api('GET', `/chat/messages/${sessionId}?since=yesterday`)).status).toBe(400);
    const visitorStream = await openSse(`${app.url}/api/v1/chat/messages/${sessionId}/stream?since=0`);
    expect(visitorStream.status).toBe(200);
    await visitorStream.next((event) => event.event === 'read');

    // The admins open the chat, type, answer, listen, and close it.
    expect((await api('GET', `/chat/admin/chat/${sessionId}`, { token: admin })).status).toBe(200);
    expect((await api('POST', `/chat/admin/chat/${sessionId}/typing`, { token: admin })).status).toBe(204);
    const ticket = (await api('POST', '/chat/admin/stream-ticket', { token: admin })).body.data
      .ticket as string;
    const adminStream = await openSse(
      `${app.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`,
    );
    expect(adminStream.status).toBe(200);
    const answer = { sessionId, message: 'How can we help?' };
    expect((await api('POST', '/chat/message', { body: answer, token: admin })).status).toBe(201);
    await visitorStream.next((event) => event.event === 'message' && event.id === '2');
    await adminStream.next((event) => event.event === 'message');
    expect((await api('PATCH', `/chat/admin/chat/${sessionId}/close`, { token: admin })).status).toBe(200);
    await visitorStream.next((event) => event.event === 'closed');
    visitorStream.close();
    adminStream.close();
    // A replayed ticket and a session that does not exist are logged too.
    const replayed = await fetch(`${app.url}/api/v1/chat/admin/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(replayed.status).toBe(401);
    // Names spelled with escapes reach the same routes (the router and the query parser decode them).
    const escapedTicket = await fetch(
      `${app.url}/api/v1/chat/admin/stream?%74icket=${encodeURIComponent(ticket)}`,
    );
    expect(escapedTicket.status).toBe(401);
    expect((await api('GET', `/chat/%6Dessages/${sessionId}`)).status).toBe(200);
    const unknown = randomBytes(16).toString('base64url');
    expect((await api('GET', `/chat/messages/${unknown}`)).status).toBe(404);
    expect((await api('GET', `/chat/admin/chat/${unknown}`, { token: admin })).status).toBe(404);

    // Every call above has its access line (the streams' lines come when they end)...
    const urls = () =>
      lines.map((line) => JSON.parse(line)).flatMap((entry) => (entry.url ? [entry.url] : []));
    await expect.poll(() => urls().filter((url) => url.includes('/stream')).length).toBe(4);
    expect(new Set(urls())).toEqual(
      new Set([
        '/api/v1/auth/google',
        '/api/v1/chat/start',
        '/api/v1/chat/message',
        '/api/v1/chat/messages/[redacted]',
        `/api/v1/chat/messages/[redacted]?since=${firstId}`,
        '/api/v1/chat/messages/[redacted]?since=yesterday',
        '/api/v1/chat/messages/[redacted]/stream?since=0',
        '/api/v1/chat/admin/chat/[redacted]',
        '/api/v1/chat/admin/chat/[redacted]/typing',
        '/api/v1/chat/admin/chat/[redacted]/close',
        '/api/v1/chat/admin/stream-ticket',
        '/api/v1/chat/admin/stream?ticket=[redacted]',
      ]),
    );
    // ...and no line anywhere, at any level, holds a credential.
    const log = lines.join('');
    expect(log).not.toContain(sessionId);
    expect(log).not.toContain(unknown);
    expect(log).not.toContain(ticket);
    expect(log).not.toContain(encodeURIComponent(ticket));
  });
});
