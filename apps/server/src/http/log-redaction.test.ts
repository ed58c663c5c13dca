import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { logSerializers, redactCredentials } from './log-redaction.js';

const SESSION = 'Jx3kQ9vT2mWb7YcN4pLs0A';

describe('redactCredentials', () => {
  it("hides a visitor's chat session id in every chat path that carries it", () => {
    expect(redactCredentials(`/api/v1/chat/messages/${SESSION}`)).toBe('/api/v1/chat/messages/[redacted]');
    expect(redactCredentials(`/api/v1/chat/messages/${SESSION}?since=4`)).toBe(
      '/api/v1/chat/messages/[redacted]?since=4',
    );
    expect(redactCredentials(`/api/v1/chat/messages/${SESSION}/stream?since=0`)).toBe(
      '/api/v1/chat/messages/[redacted]/stream?since=0',
    );
    expect(redactCredentials(`/api/v1/chat/admin/chat/${SESSION}`)).toBe(
      '/api/v1/chat/admin/chat/[redacted]',
    );
    expect(redactCredentials(`/api/v1/chat/admin/chat/${SESSION}/close`)).toBe(
      '/api/v1/chat/admin/chat/[redacted]/close',
    );
    expect(redactCredentials(`/api/v1/chat/admin/chat/${SESSION}/typing`)).toBe(
      '/api/v1/chat/admin/chat/[redacted]/typing',
    );
  });

  it('hides whatever stands in the place of a session id, valid or not', () => {
    expect(redactCredentials('/api/v1/chat/messages/not%20an%20id')).toBe('/api/v1/chat/messages/[redacted]');
    expect(redactCredentials('/API/V1/CHAT/MESSAGES/abc')).toBe('/API/V1/CHAT/MESSAGES/[redacted]');
  });

  it('hides stream tickets and a session id in the query', () => {
    expect(redactCredentials('/api/v1/chat/admin/stream?ticket=eyJ.abc.def')).toBe(
      '/api/v1/chat/admin/stream?ticket=[redacted]',
    );
    expect(redactCredentials(`/x?a=1&sessionId=${SESSION}&b=2`)).toBe('/x?a=1&sessionId=[redacted]&b=2');
  });

  it('hides them when their names are spelled with escapes, as the router and the query parser decode them', () => {
    expect(redactCredentials(`/api/v1/chat/%6Dessages/${SESSION}/stream`)).toBe(
      '/api/v1/chat/messages/[redacted]/stream',
    );
    expect(redactCredentials('/api/v1/chat/%61dmin/%63hat/abc/close')).toBe(
      '/api/v1/chat/admin/chat/[redacted]/close',
    );
    expect(redactCredentials('/api/v1/chat/admin/stream?%74icket=eyJ.abc.def&x=%2F')).toBe(
      '/api/v1/chat/admin/stream?ticket=[redacted]&x=%2F',
    );
    expect(redactCredentials('/x?a=1&%73ession%49d=secret')).toBe('/x?a=1&sessionId=[redacted]');
  });

  it('hides a ticket after a #, where the router starts a query, and a value with a # inside', () => {
    expect(redactCredentials('/api/v1/chat/admin/stream#ticket=eyJ.abc')).toBe(
      '/api/v1/chat/admin/stream#ticket=[redacted]',
    );
    expect(redactCredentials('/api/v1/chat/admin/stream?ticket=eyJ#abc&x=1')).toBe(
      '/api/v1/chat/admin/stream?ticket=[redacted]&x=1',
    );
  });

  it('leaves a URL with nothing to hide exactly as it came, escapes included', () => {
    for (const url of ['/%2e%2e/%2E%2E/etc/passwd', '/api/v1/forms/%61bc?q=100%41', 'rate 100%41 done']) {
      expect(redactCredentials(url)).toBe(url);
    }
  });

  it('leaves other URLs alone', () => {
    for (const url of [
      '/api/v1/chat/start',
      '/api/v1/chat/message',
      '/api/v1/chat/admin/chats?status=open',
    ]) {
      expect(redactCredentials(url)).toBe(url);
    }
  });

  it('finds the id inside a longer text, such as an error message', () => {
    expect(redactCredentials(`GET http://127.0.0.1:3000/api/v1/chat/messages/${SESSION} failed`)).toBe(
      'GET http://127.0.0.1:3000/api/v1/chat/messages/[redacted] failed',
    );
    // A percent-encoded id reaches the route decoded: the whole segment goes, escapes and all.
    expect(redactCredentials('"/api/v1/chat/messages/%4Ax3kQ9vT2mWb7YcN4pLs0A/stream"')).toBe(
      '"/api/v1/chat/messages/[redacted]/stream"',
    );
  });
});

describe('logSerializers.err', () => {
  it("redacts an error's message, stack and properties, and leaves the error itself as it was", () => {
    const url = `/api/v1/chat/messages/${SESSION}`;
    const mismatch = z.safeParse(z.string(), 1).error as z.ZodError;
    const error = new ResponseSerializationError('GET', url, { cause: mismatch });
    const logged = JSON.stringify(logSerializers.err(error));
    expect(logged).not.toContain(SESSION);
    expect(logged).toContain('/chat/messages/[redacted]');
    expect(error.url).toBe(url);

    const wrapped = new Error(`reading ${url} failed`, { cause: new Error(`no row for ${url}`) });
    const wrappedLine = JSON.stringify(logSerializers.err(wrapped));
    expect(wrappedLine).not.toContain(SESSION);
    expect(wrappedLine).toContain('no row for /api/v1/chat/messages/[redacted]');
    expect(wrapped.message).toContain(SESSION);
  });

  it('redacts an error logged as a string, and nested values', () => {
    expect(logSerializers.err(`stream for /api/v1/chat/messages/${SESSION} failed` as never)).toBe(
      'stream for /api/v1/chat/messages/[redacted] failed',
    );
    const record = { request: { url: `/api/v1/chat/messages/${SESSION}` } };
    expect(JSON.stringify(logSerializers.err(record as never))).not.toContain(SESSION);
    expect(record.request.url).toContain(SESSION);
  });
});

describe('logSerializers.req', () => {
  it("writes a request's URL redacted", () => {
    const request = {
      method: 'GET',
      url: `/api/v1/chat/messages/${SESSION}/stream`,
      host: 'localhost',
      ip: '127.0.0.1',
      socket: { remotePort: 5000 },
    };
    expect(logSerializers.req(request as never)).toEqual({
      method: 'GET',
      url: '/api/v1/chat/messages/[redacted]/stream',
      host: 'localhost',
      remoteAddress: '127.0.0.1',
      remotePort: 5000,
    });
  });
});
