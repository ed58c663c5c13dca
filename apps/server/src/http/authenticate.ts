import type { Role } from '@sheetforms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenClaims, AccessTokens } from '../modules/auth/access-tokens.js';
import { forbidden, unauthorized } from './http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticate hook on protected routes. */
    auth?: AccessTokenClaims;
  }
}

/** A preHandler that admits only requests with a valid access token. */
export function createAuthenticate(accessTokens: AccessTokens) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized('Authentication required', 'UNAUTHORIZED');
    const check = await accessTokens.verify(match[1]);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? unauthorized('Your session has expired', 'TOKEN_EXPIRED')
        : unauthorized('Invalid access token', 'UNAUTHORIZED');
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
