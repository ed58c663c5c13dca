import type { Server, Socket } from 'node:net';
import { addressKey } from './client-address-key.js';

export interface ConnectionLimiter {
  /** Open connections from the address's client (as the socket sees it, never X-Forwarded-For; an IPv6 /64). */
  count(address: string): number;
}

/**
 * Caps the connections one remote address may hold open at once: a connection beyond `maxPerAddress`
 * is destroyed as soon as it is accepted, before any byte of it is read. Keyed by the socket's own peer
 * address, which a client cannot choose (behind a reverse proxy all clients share the proxy's address:
 * size the cap for it, or leave per-client limits to the proxy). An IPv6 peer counts as its /64, which
 * one subscriber holds whole (addressKey).
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number): ConnectionLimiter {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? '');
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
  return { count: (address) => open.get(addressKey(address)) ?? 0 };
}
