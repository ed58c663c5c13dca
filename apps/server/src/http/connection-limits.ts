import type { Server, Socket } from 'node:net';

export interface ConnectionLimiter {
  /** Open connections from one remote address (as the socket sees it, never X-Forwarded-For). */
  count(address: string): number;
}

/**
 * Caps the connections one remote address may hold open at once: a connection beyond `maxPerAddress`
 * is destroyed as soon as it is accepted, before any byte of it is read. Keyed by the socket's own peer
 * address, which a client cannot choose (behind a reverse proxy all clients share the proxy's address:
 * size the cap for it, or leave per-client limits to the proxy).
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number): ConnectionLimiter {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const current = open.get(address) ?? 0;
    if (current >= maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, current + 1);
    socket.once('close', () => {
      const remaining = (open.get(address) ?? 1) - 1;
      if (remaining > 0) open.set(address, remaining);
      else open.delete(address);
    });
  });
  return { count: (address) => open.get(address) ?? 0 };
}
