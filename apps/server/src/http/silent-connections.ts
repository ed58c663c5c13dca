import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Makes the server's `closeIdleConnections()` also close connections whose client has not sent a byte yet.
 *
 * Browsers open such connections ahead of need (preconnect), and an HTTP client can leave one behind. Node
 * counts them as busy rather than idle, so `server.close()`, which closes the idle ones (as Fastify's close
 * does too), leaves them open: a graceful shutdown then waits until the client drops them or the headers
 * timeout ends them (10 s by default, as long as the shutdown's own limit). Nothing was asked on them, so
 * closing them loses the client nothing; it opens its next connection elsewhere (behind a proxy, to another
 * instance). A connection that has sent part of a request, or whose request is in flight, is left to finish.
 *
 * Node's `close()` calls `closeIdleConnections()` as it stops listening, so this runs when no new connection
 * can arrive. Answers how many silent connections are open now (for tests).
 */
export function closeSilentConnectionsWithIdleOnes(server: Server): { silent(): number } {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const silentSockets = () => [...open].filter((socket) => socket.bytesRead === 0);
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    for (const socket of silentSockets()) socket.destroy();
  };
  return { silent: () => silentSockets().length };
}
