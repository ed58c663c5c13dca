import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface SilentConnectionLimits {
  /** A connection that has not sent a byte after this long is closed (the headers timeout: the first byte is part of the headers). */
  firstByteTimeoutMs: number;
  /** When the server closes, how long a silent connection may still show a request already on its way. */
  closeGraceMs?: number;
}

/**
 * Bounds connections whose client has not sent a byte. Browsers open them ahead of need (preconnect) and HTTP
 * clients can leave one behind. Node's headers timeout starts with a request's first byte, so it never ends
 * them, and Node counts them as busy rather than idle, so `server.close()` (which closes the idle ones, as
 * Fastify's close relies on) leaves them open: one such connection held a graceful shutdown open until its
 * client dropped it or the shutdown's 10 s limit forced the exit (code 1).
 *
 * - A connection silent for `firstByteTimeoutMs` is closed, as one that stalls mid-headers is.
 * - When the server closes (Node's `close()` calls `closeIdleConnections()` as it stops listening, so no new
 *   connection can arrive after it), the silent ones are closed after `closeGraceMs`: a request written just
 *   before may still wait in the kernel's buffer, and is read and answered instead of cut.
 *
 * A connection that has sent part of a request, or has one in flight, is left to Node's own timeouts.
 */
export function boundSilentConnections(server: Server, limits: SilentConnectionLimits): void {
  const { firstByteTimeoutMs, closeGraceMs = 250 } = limits;
  const open = new Set<Socket>();
  const closeSilent = () => {
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  };
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    const firstByte = setTimeout(() => {
      if (socket.bytesRead === 0) socket.destroy();
    }, firstByteTimeoutMs);
    firstByte.unref();
    socket.once('close', () => {
      open.delete(socket);
      clearTimeout(firstByte);
    });
  });
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    setTimeout(closeSilent, closeGraceMs).unref();
  };
}
