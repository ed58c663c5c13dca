import type { AccessTokenIdentity } from '../../http/access-claims.js';
import type { RevokedTokensRepository } from './revoked-tokens.repository.js';

export interface AccessTokenDenyListDeps {
  revoked: Pick<RevokedTokensRepository, 'insert' | 'exists' | 'deleteExpired'>;
  now?: () => Date;
  /**
   * How long a "not revoked" answer from the database is believed without asking again: the longest
   * another instance's logout can take to reach this one. This instance's own logouts count at once.
   */
  notRevokedCacheMs?: number;
  /** Cap on remembered "not revoked" answers (the oldest are forgotten first). */
  maxCachedAnswers?: number;
  /** How often, at most, a logout also deletes entries of tokens that have expired. */
  purgeEveryMs?: number;
}

/**
 * Access tokens are stateless JWTs valid for 15 minutes; a logout ends the refresh family at once but
 * the access token in hand would live on. Its id goes on this list until it expires: in the database
 * so every instance sees it, behind a small in-process cache so a request costs no query most of the
 * time.
 */
export function createAccessTokenDenyList(deps: AccessTokenDenyListDeps) {
  const now = deps.now ?? (() => new Date());
  const cacheMs = deps.notRevokedCacheMs ?? 5_000;
  const maxAnswers = deps.maxCachedAnswers ?? 10_000;
  const purgeEveryMs = deps.purgeEveryMs ?? 60_000;
  /** Revoked ids known here, with the token's expiry (ms). */
  const revoked = new Map<string, number>();
  /** Ids the database said were not revoked, with when it said so (ms). Insertion order is age order. */
  const notRevoked = new Map<string, number>();
  let lastPurge = 0;

  function rememberNotRevoked(id: string, at: number) {
    notRevoked.delete(id);
    notRevoked.set(id, at);
    while (notRevoked.size > maxAnswers) {
      const oldest = notRevoked.keys().next().value;
      if (oldest === undefined) break;
      notRevoked.delete(oldest);
    }
  }

  async function purgeExpired(): Promise<number> {
    const at = now();
    lastPurge = at.getTime();
    for (const [id, expiresAt] of revoked) if (expiresAt <= lastPurge) revoked.delete(id);
    return deps.revoked.deleteExpired(at.toISOString());
  }

  return {
    /** Refuses the token from now on, until its own expiry. */
    async revoke(token: AccessTokenIdentity): Promise<void> {
      const at = now().getTime();
      if (token.expiresAt.getTime() <= at) return;
      await deps.revoked.insert(token.id, token.expiresAt.toISOString());
      revoked.set(token.id, token.expiresAt.getTime());
      notRevoked.delete(token.id);
      if (at - lastPurge >= purgeEveryMs) await purgeExpired();
    },

    async isRevoked(token: AccessTokenIdentity): Promise<boolean> {
      const at = now().getTime();
      if (revoked.has(token.id)) return true;
      const checkedAt = notRevoked.get(token.id);
      if (checkedAt !== undefined && at - checkedAt < cacheMs) return false;
      if (await deps.revoked.exists(token.id)) {
        revoked.set(token.id, token.expiresAt.getTime());
        notRevoked.delete(token.id);
        return true;
      }
      rememberNotRevoked(token.id, at);
      return false;
    },

    purgeExpired,
  };
}
export type AccessTokenDenyList = ReturnType<typeof createAccessTokenDenyList>;
