import type { Role } from '@sheetforms/contract';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'sheetforms';
const AUDIENCE = 'sheetforms-api';

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
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: AccessTokenClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ role: claims.role, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  async verify(token: string): Promise<AccessTokenCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      const role = payload.role;
      if (payload.typ !== 'access' || !payload.sub || (role !== 'User' && role !== 'Admin')) {
        return { ok: false, reason: 'invalid' };
      }
      return { ok: true, claims: { userId: payload.sub, role } };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }
}
