import { SignedTokens } from '../auth/signed-tokens.js';

/**
 * Tickets for the admin event stream. EventSource cannot send an Authorization header, and an access
 * token in a URL would end up in logs and browser history; a ticket is good for one minute and for
 * nothing but opening the stream (its own audience and type).
 */
export function createChatStreamTickets(secret: string, now: () => Date = () => new Date()) {
  const ttlSeconds = 60;
  const tokens = new SignedTokens(
    secret,
    { issuer: 'sheetforms', audience: 'sheetforms:chat-stream', typ: 'chat-stream' },
    ttlSeconds,
    now,
  );
  return {
    async issue(userId: string): Promise<{ ticket: string; expiresAt: string }> {
      return {
        ticket: await tokens.issue(userId, {}),
        expiresAt: new Date(now().getTime() + ttlSeconds * 1000).toISOString(),
      };
    },
    /** The admin's user id, or undefined for a bad or expired ticket. */
    async verify(ticket: string): Promise<string | undefined> {
      const check = await tokens.verify(ticket);
      return check.ok ? check.payload.sub : undefined;
    },
  };
}

export type ChatStreamTickets = ReturnType<typeof createChatStreamTickets>;
