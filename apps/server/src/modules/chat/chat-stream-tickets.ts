import { randomUUID } from 'node:crypto';
import { SignedTokens } from '../auth/signed-tokens.js';

/**
 * Where used ticket ids are remembered across instances: Redis's SET NX with the ticket's remaining life.
 * Answers true the first time an id is claimed, false when any instance claimed it before.
 */
export interface SharedTicketLedger {
  claim(id: string, ttlMs: number): Promise<boolean>;
}

/** A ledger in Redis (keys `sheetforms:chat-ticket:{id}`, expiring with the ticket). */
export function redisTicketLedger(client: {
  set(key: string, value: string, px: 'PX', ttl: number, nx: 'NX'): Promise<'OK' | null>;
}): SharedTicketLedger {
  return {
    async claim(id, ttlMs) {
      return (await client.set(`sheetforms:chat-ticket:${id}`, '1', 'PX', Math.max(1, ttlMs), 'NX')) === 'OK';
    },
  };
}

/**
 * Tickets for the admin event stream. EventSource cannot send an Authorization header, and an access
 * token in a URL would end up in logs and browser history; a ticket is good for one minute and for
 * nothing but opening the stream (its own audience and type), and it opens one stream only: its id is
 * remembered until it expires, here and, with REDIS_URL, in Redis, so a copy replayed on another instance
 * is refused too. (Without Redis the memory is per instance: a copy replayed within the minute on another
 * instance still opens one more stream there; the stream checks the user is still an Admin either way.
 * With Redis unreachable the instance falls back to its own memory rather than lock admins out.)
 */
export function createChatStreamTickets(
  secret: string,
  now: () => Date = () => new Date(),
  ledger?: SharedTicketLedger,
) {
  const ttlSeconds = 60;
  const tokens = new SignedTokens(
    secret,
    { issuer: 'sheetforms', audience: 'sheetforms:chat-stream', typ: 'chat-stream' },
    ttlSeconds,
    now,
  );
  /** Used ticket ids and when they expire; pruned on every use, bounded. */
  const used = new Map<string, number>();
  const MAX_REMEMBERED = 50_000;
  return {
    async issue(userId: string): Promise<{ ticket: string; expiresAt: string }> {
      return {
        ticket: await tokens.issue(userId, { jti: randomUUID() }),
        expiresAt: new Date(now().getTime() + ttlSeconds * 1000).toISOString(),
      };
    },
    /** The admin's user id, or undefined for a bad, expired or already used ticket. */
    async verify(ticket: string): Promise<string | undefined> {
      const check = await tokens.verify(ticket);
      if (!check.ok || typeof check.payload.jti !== 'string') return undefined;
      const at = now().getTime();
      for (const [id, expires] of used) if (expires <= at) used.delete(id);
      if (used.has(check.payload.jti) || used.size >= MAX_REMEMBERED) return undefined;
      const expiresAt = (check.payload.exp ?? 0) * 1000 || at + ttlSeconds * 1000;
      used.set(check.payload.jti, expiresAt);
      if (ledger) {
        const claimed = await ledger.claim(check.payload.jti, expiresAt - at).catch(() => true);
        if (!claimed) return undefined;
      }
      return check.payload.sub;
    },
  };
}

export type ChatStreamTickets = ReturnType<typeof createChatStreamTickets>;
