import type { Role } from '@sheetforms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenCheck, AccessTokenClaims, AccessTokenIdentity } from './access-claims.js';
import { forbidden, unauthorized } from './http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on protected routes. */
    auth?: AccessTokenClaims;
  }
}

/** The token of `Authorization: Bearer …`, if any. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  return request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** A preHandler that admits only requests with a valid access token that no logout has ended. */
export function createAuthenticate(
  accessTokens: { verify(token: string): Promise<AccessTokenCheck> },
  denyList: { isRevoked(token: AccessTokenIdentity): Promise<boolean> },
) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerTokenOf(request);
    if (!token) throw unauthorized('Authentication required', 'UNAUTHORIZED');
    const check = await accessTokens.verify(token);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? unauthorized('Your session has expired', 'TOKEN_EXPIRED')
        : unauthorized('Invalid access token', 'UNAUTHORIZED');
    }
    if (await denyList.isRevoked(check.token)) {
      throw unauthorized('Your session has ended. Please sign in again.', 'TOKEN_REVOKED');
    }
    request.auth = check.claims;
  };
}

/** Reads the caller set by authenticate; a route that forgot the hook fails loudly, never open. */
export function requireAuth(request: FastifyRequest): AccessTokenClaims {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireRole(request: FastifyRequest, roles: Role | Role[]): AccessTokenClaims {
  const auth = requireAuth(request);
  const allowed = Array.isArray(roles) ? roles : [roles];
  if (!allowed.includes(auth.role)) throw forbidden(`Requires role: ${allowed.join(' or ')}`);
  return auth;
}

/**
 * Whether the caller is an Admin: the access token's role claim, and the user's role now (`isAdmin`, the
 * users table). The claim lasts as long as the token (15 minutes); ADMIN_EMAILS can take the role away at a
 * restart, which updates the table, so the table says so at once.
 */
export async function isAdminNow(
  auth: AccessTokenClaims | undefined,
  isAdmin: (userId: string) => Promise<boolean>,
): Promise<boolean> {
  return auth?.role === 'Admin' && (await isAdmin(auth.userId));
}

/** A preHandler for the Admins' routes: a valid access token of a user who is an Admin now (isAdminNow). */
export function createAdminOnly(
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
  isAdmin: (userId: string) => Promise<boolean>,
) {
  return async function adminOnly(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await authenticate(request, reply);
    requireRole(request, 'Admin');
    if (!(await isAdminNow(request.auth, isAdmin))) throw forbidden('Requires role: Admin');
  };
}
