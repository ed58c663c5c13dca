import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openEventStream } from './chat-sse.js';

/** A reply whose socket is never read: what a stalled or malicious listener looks like to the server. */
function stalledClient() {
  const raw = Object.assign(new PassThrough({ highWaterMark: 1024 }), {
    writeHead(status: number, headers: Record<string, string>) {
      Object.assign(raw, { statusCode: status, headers });
      return raw;
    },
  });
  const request = { id: 'req-1', raw: new EventEmitter() } as unknown as FastifyRequest;
  const reply = {
    hijack() {},
    raw,
    getHeaders: () => ({ 'x-frame-options': 'DENY' }),
  } as unknown as FastifyReply;
  return { request, reply, raw };
}

describe('event streams', () => {
  it('writes events as text/event-stream with ids, and heartbeats', async () => {
    const { request, reply, raw } = stalledClient();
    let beats = 0;
    const stream = openEventStream(request, reply, {
      heartbeatMs: 20,
      maxBufferedBytes: 1_000_000,
      onHeartbeat: () => beats++,
    });
    expect(stream.send('message', { text: 'a\nb' }, 7)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 70));
    const text = raw.read()?.toString() ?? '';
    expect(text).toContain('retry: 2000\n\n');
    expect(text).toContain('id: 7\nevent: message\ndata: {"text":"a\\nb"}\n\n');
    expect(text).toContain(': ping\n\n');
    expect(beats).toBeGreaterThan(0);
    const headers = (raw as unknown as { headers: Record<string, string> }).headers;
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    // The reply's own headers (the security headers) go out on the stream too.
    expect(headers['x-frame-options']).toBe('DENY');
    stream.close();
  });

  it('drops a listener that stops reading once its buffer passes the cap, and runs its cleanup', () => {
    const { request, reply, raw } = stalledClient();
    const stream = openEventStream(request, reply, { heartbeatMs: 60_000, maxBufferedBytes: 64 * 1024 });
    let cleanedUp = 0;
    stream.onClose(() => cleanedUp++);
    const message = { text: 'x'.repeat(2_000) };
    let sent = 0;
    while (stream.send('message', message, sent + 1)) sent++;
    expect(sent).toBeGreaterThan(20);
    expect(sent).toBeLessThan(40);
    expect(stream.closed).toBe(true);
    expect(raw.destroyed).toBe(true);
    expect(cleanedUp).toBe(1);
    expect(stream.send('message', message)).toBe(false);
  });

  it('ends at once when the client left while the route was still awaiting the database', () => {
    const { request, reply, raw } = stalledClient();
    raw.destroy();
    const stream = openEventStream(request, reply, { heartbeatMs: 10, maxBufferedBytes: 1024 });
    let cleanedUp = false;
    stream.onClose(() => {
      cleanedUp = true;
    });
    expect(stream.closed).toBe(true);
    expect(cleanedUp).toBe(true);
    expect(stream.send('message', {})).toBe(false);
  });

  it('ends when the client goes away', () => {
    const { request, reply } = stalledClient();
    const stream = openEventStream(request, reply, { heartbeatMs: 60_000, maxBufferedBytes: 1024 });
    let cleanedUp = false;
    stream.onClose(() => {
      cleanedUp = true;
    });
    (request.raw as unknown as EventEmitter).emit('close');
    expect(stream.closed).toBe(true);
    expect(cleanedUp).toBe(true);
  });
});
