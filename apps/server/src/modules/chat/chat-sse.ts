import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface EventStreamOptions {
  /** A comment line this often keeps proxies from closing an idle stream (and marks presence). */
  heartbeatMs: number;
  /**
   * A listener that stops reading is dropped once this much is waiting in its socket's buffer: it must
   * not hold the server's memory (a slow or stalled client reconnects and resumes from the database).
   */
  maxBufferedBytes: number;
  onHeartbeat?: () => void;
}

export interface EventStream {
  /** Answers false when the stream is gone (closed, or dropped for not reading). */
  send(event: string, data: unknown, id?: string | number): boolean;
  close(): void;
  readonly closed: boolean;
  /** Runs once when the stream ends, whoever ended it. */
  onClose(handler: () => void): void;
}

/** Turns a request into a server-sent events stream (text/event-stream) that Fastify no longer manages. */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): EventStream {
  // What every reply carries (the security headers, the request id), which a hijacked reply would not send.
  const inherited = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
  ) as OutgoingHttpHeaders;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...inherited,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx buffers proxied replies by default, which would hold events back.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'x-request-id': String(request.id),
  });
  // Reconnect after 2 s (the browser's default is 3 s).
  raw.write('retry: 2000\n\n');

  let closed = false;
  const handlers: Array<() => void> = [];
  const heartbeat = setInterval(() => {
    if (write(': ping\n\n')) options.onHeartbeat?.();
  }, options.heartbeatMs);
  heartbeat.unref();

  function end() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const handler of handlers.splice(0)) handler();
  }
  request.raw.on('close', end);
  raw.on('close', end);
  raw.on('error', end);
  // The client may have gone while the route awaited the database: its 'close' has fired already.
  if (request.raw.destroyed || raw.destroyed || raw.writableEnded) end();

  function write(chunk: string): boolean {
    if (closed) return false;
    if (raw.destroyed || raw.writableEnded) {
      end();
      return false;
    }
    if (raw.writableLength > options.maxBufferedBytes) {
      raw.destroy();
      end();
      return false;
    }
    raw.write(chunk);
    return true;
  }

  return {
    send(event, data, id) {
      const idLine = id === undefined ? '' : `id: ${String(id).replace(/[\r\n]/g, '')}\n`;
      return write(`${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (!closed) raw.end();
      end();
    },
    get closed() {
      return closed;
    },
    onClose(handler) {
      if (closed) handler();
      else handlers.push(handler);
    },
  };
}
