import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokenGrant, IdentityStore } from './identity-store.js';

/** What the tokeninfo endpoint needs. */
export interface TokenInfoRoutesDeps {
  identity: IdentityStore;
  /** Milliseconds since the epoch (the identity store's clock). */
  now: () => number;
}

/** Scopes that let the token show who it belongs to: Google then adds `sub`. */
const IDENTITY_SCOPES = new Set([
  'openid',
  'email',
  'profile',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
]);
/** Scopes that let the token show the account's email. */
const EMAIL_SCOPES = new Set(['email', 'https://www.googleapis.com/auth/userinfo.email']);

/**
 * Google's tokeninfo for access tokens: `POST /tokeninfo` (oauth2.googleapis.com) and
 * `/oauth2/v3/tokeninfo` (www.googleapis.com), the token as `access_token` in a form body or the query, or
 * as a `Bearer` token (google-auth-library's getTokenInfo); GET too. It answers who the token was issued
 * to, as Google does, with numbers and booleans as strings:
 * `200 {azp, aud, sub?, scope, exp, expires_in, email?, email_verified?, access_type}`: `aud` and `azp`
 * are the OAuth client the token was issued to, `sub` comes with an identity scope and `email` with the
 * email scope. An unknown, expired or revoked token gets
 * `400 {"error":"invalid_token","error_description":"Invalid Value"}`.
 */
export function registerTokenInfoRoutes(app: FastifyInstance, deps: TokenInfoRoutesDeps) {
  const tokenInfo = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');
    const token = tokenOf(request);
    if (token === undefined) {
      return reply.code(400).send({
        error: 'invalid_request',
        error_description: 'Either access_token, id_token, or token_handle required',
      });
    }
    const grant = deps.identity.lookupAccessToken(token);
    if (!grant) return reply.code(400).send({ error: 'invalid_token', error_description: 'Invalid Value' });
    return reply.send(describeGrant(grant, Math.floor(deps.now() / 1000)));
  };
  for (const path of ['/tokeninfo', '/oauth2/v3/tokeninfo']) {
    app.post(path, tokenInfo);
    app.get(path, tokenInfo);
  }
}

/** The grant as Google's tokeninfo describes it (`nowSeconds` is before its expiry). */
export function describeGrant(grant: AccessTokenGrant, nowSeconds: number): Record<string, string> {
  const identifies = grant.scopes.some((scope) => IDENTITY_SCOPES.has(scope));
  const showsEmail = grant.scopes.some((scope) => EMAIL_SCOPES.has(scope));
  return {
    azp: grant.clientId,
    aud: grant.clientId,
    ...(identifies ? { sub: grant.sub } : {}),
    scope: grant.scopes.join(' '),
    exp: String(grant.expiresAt),
    expires_in: String(Math.max(0, grant.expiresAt - nowSeconds)),
    // The emulator's accounts are the people who typed them in: it treats every address as verified, as
    // its ID tokens do by default.
    ...(showsEmail ? { email: grant.email, email_verified: 'true' } : {}),
    // The implicit flow (the token client) issues online tokens only.
    access_type: 'online',
  };
}

/** The token from the form body, the query, or the Authorization header; a repeated parameter is none. */
function tokenOf(request: FastifyRequest): string | undefined {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const value of [body.access_token, query.access_token]) {
    if (typeof value === 'string' && value !== '') return value;
  }
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1];
}
