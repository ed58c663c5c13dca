import type { FastifyInstance, FastifyReply } from 'fastify';
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { IdentityStore } from '../identity/identity-store.js';
import type { ServiceAccountRegistry } from './service-accounts.js';

/** What the token endpoint needs. */
export interface TokenRoutesDeps {
  issuer: () => string;
  identity: IdentityStore;
  serviceAccounts: ServiceAccountRegistry;
  now: () => number;
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

// gtoken and google-auth-library put Google's own token URLs in `aud`; they are accepted too, so an
// unmodified client that only swaps the URL it posts to still works.
const GOOGLE_TOKEN_AUDIENCES = [
  'https://oauth2.googleapis.com/token',
  'https://www.googleapis.com/oauth2/v4/token',
];

const TIME_MESSAGE =
  'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.';

/**
 * POST /token: Google's token endpoint for service accounts (RFC 7523 jwt-bearer grant). The assertion
 * must be an RS256 JWT signed with a key the emulator issued, with `iss` = the account's email, `aud` = the
 * token URL, a `scope`, and `iat`/`exp` at most an hour apart. The access token it returns works like one
 * from sign-in: sharing decides what the account may open. Errors are Google's token-endpoint errors.
 */
export function registerTokenRoutes(app: FastifyInstance, deps: TokenRoutesDeps) {
  app.post('/token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
      string,
      unknown
    >;
    const grantType = typeof body.grant_type === 'string' ? body.grant_type : '';
    if (grantType !== JWT_BEARER) {
      return tokenError(reply, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
    }
    const assertion = typeof body.assertion === 'string' ? body.assertion : '';
    if (assertion === '')
      return tokenError(reply, 'invalid_request', 'Missing required parameter: assertion');

    let claims: ReturnType<typeof decodeJwt>;
    try {
      claims = decodeJwt(assertion);
      if (decodeProtectedHeader(assertion).alg !== 'RS256')
        return tokenError(reply, 'invalid_grant', 'Invalid JWT Signature.');
    } catch {
      return tokenError(reply, 'invalid_grant', 'Invalid JWT: Unable to parse the JWT.');
    }
    const account =
      typeof claims.iss === 'string' ? await deps.serviceAccounts.lookup(claims.iss) : undefined;
    if (!account) return tokenError(reply, 'invalid_grant', 'Invalid grant: account not found');

    const tokenUrl = `${deps.issuer()}/token`;
    try {
      await jwtVerify(assertion, account.publicKey, { algorithms: ['RS256'] });
    } catch (error) {
      // jose checks exp itself; an expired assertion is a time error, anything else a bad signature.
      if (error instanceof errors.JWTExpired) return tokenError(reply, 'invalid_grant', TIME_MESSAGE);
      return tokenError(reply, 'invalid_grant', 'Invalid JWT Signature.');
    }
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.some((aud) => aud === tokenUrl || GOOGLE_TOKEN_AUDIENCES.includes(String(aud)))) {
      return tokenError(
        reply,
        'invalid_grant',
        `Invalid JWT: Failed audience check. The expected value was ${tokenUrl}`,
      );
    }
    const nowSeconds = Math.floor(deps.now() / 1000);
    const { iat, exp } = claims;
    if (
      typeof iat !== 'number' ||
      typeof exp !== 'number' ||
      exp - iat > 3600 ||
      exp <= iat ||
      iat > nowSeconds + 300 ||
      exp <= nowSeconds
    ) {
      return tokenError(reply, 'invalid_grant', TIME_MESSAGE);
    }
    const scope = typeof claims.scope === 'string' ? claims.scope.trim() : '';
    if (scope === '') {
      return tokenError(reply, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    }
    const issued = await deps.identity.issueAccessToken({
      email: account.clientEmail,
      name: account.clientEmail,
      clientId: account.clientId,
      scopes: scope.split(/\s+/),
    });
    return reply.send({
      access_token: issued.accessToken,
      expires_in: issued.expiresIn,
      token_type: 'Bearer',
    });
  });
}

function tokenError(reply: FastifyReply, error: string, description: string) {
  return reply.code(400).send({ error, error_description: description });
}
