import type { Role } from '@sheetforms/contract';
import { SignedTokens } from './signed-tokens.js';

const KIND = { issuer: 'sheetforms', audience: 'sheetforms-api', typ: 'access' };

export interface AccessTokenClaims {
  userId: string;
  role: Role;
}

export type AccessTokenCheck =
  | { ok: true; claims: AccessTokenClaims }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Short-lived access tokens: HS256 JWTs carrying the user id and role. They are never stored;
 * the refresh token is what keeps a session alive.
 */
export class AccessTokens {
  private readonly tokens: SignedTokens;

  constructor(secret: string, ttlSeconds: number, now: () => Date = () => new Date()) {
    this.tokens = new SignedTokens(secret, KIND, ttlSeconds, now);
  }

  issue(claims: AccessTokenClaims): Promise<string> {
    return this.tokens.issue(claims.userId, { role: claims.role });
  }

  async verify(token: string): Promise<AccessTokenCheck> {
    const check = await this.tokens.verify(token);
    if (!check.ok) return check;
    const { sub, role } = check.payload;
    if (role !== 'User' && role !== 'Admin') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { userId: sub, role } };
  }
}
