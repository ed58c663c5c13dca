import type { Role } from '@sheetforms/contract';

/** Who a valid access token speaks for: what authenticate.ts puts on the request. */
export interface AccessTokenClaims {
  userId: string;
  role: Role;
}

/** Which token it was: its id (`jti`) and expiry, what a logout needs to refuse it from then on. */
export interface AccessTokenIdentity {
  id: string;
  expiresAt: Date;
}

/** What checking an access token answers (modules/auth/access-tokens.ts verifies them). */
export type AccessTokenCheck =
  | { ok: true; claims: AccessTokenClaims; token: AccessTokenIdentity }
  | { ok: false; reason: 'expired' | 'invalid' };
