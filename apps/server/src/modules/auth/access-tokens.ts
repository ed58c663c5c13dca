import { randomUUID } from 'node:crypto';
import type { AccessTokenCheck, AccessTokenClaims } from '../../http/access-claims.js';
import { SignedTokens } from './signed-tokens.js';

const KIND = { issuer: 'sheetforms', audience: 'sheetforms-api', typ: 'access' };

/**
 * Short-lived access tokens: HS256 JWTs carrying the user id, role and a random id (`jti`). They are
 * never stored while valid; the refresh token is what keeps a session alive, and a logout lists the
 * token's id in the deny-list until it expires (access-token-deny-list.ts).
 */
export class AccessTokens {
  private readonly tokens: SignedTokens;

  constructor(secret: string, ttlSeconds: number, now: () => Date = () => new Date()) {
    this.tokens = new SignedTokens(secret, KIND, ttlSeconds, now);
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    return this.tokens.issue(claims.userId, { role: claims.role, jti: randomUUID() });
  }

  async verify(token: string): Promise<AccessTokenCheck> {
    const check = await this.tokens.verify(token);
    if (!check.ok) return check;
    const { sub, role, jti, exp } = check.payload;
    if (role !== 'User' && role !== 'Admin') return { ok: false, reason: 'invalid' };
    // A token without an id could not be ended by a logout, so it is not accepted (clients refresh).
    if (typeof jti !== 'string' || jti.length === 0 || typeof exp !== 'number') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { userId: sub, role }, token: { id: jti, expiresAt: new Date(exp * 1000) } };
  }
}
