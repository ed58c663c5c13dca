import { randomUUID } from 'node:crypto';
import { SignedTokens } from '../auth/signed-tokens.js';

/**
 * Tickets for the admin event stream. EventSource cannot send an Authorization header, and an access
 * token in a URL would end up in logs and browser history; a ticket is good for one minute and for
 * nothing but opening the stream (its own audience and type), and it opens one stream only: its id is
 * remembered here until it expires (per instance: a copy replayed within the minute on another instance
 * still opens one more stream there; the stream checks the user is still an Admin either way).
 */
export function createChatStreamTickets(secret: string, now: () => Date = () => new Date()) {
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
      used.set(check.payload.jti, (check.payload.exp ?? 0) * 1000 || at + ttlSeconds * 1000);
      return check.payload.sub;
    },
  };
}

export type ChatStreamTickets = ReturnType<typeof createChatStreamTickets>;
