import type { FastifyInstance } from 'fastify';
import type { SigningKey } from '../signing-key.js';

/** What the discovery and key endpoints publish. */
export interface DiscoveryRoutesDeps {
  issuer: () => string;
  signingKey: SigningKey;
}

/**
 * OpenID Connect discovery and the JWKS, shaped like Google's (the token endpoint is access/token.routes.ts), so a client
 * configured with only the issuer finds everything else.
 */
export function registerDiscoveryRoutes(app: FastifyInstance, deps: DiscoveryRoutesDeps) {
  app.get('/.well-known/openid-configuration', async (_request, reply) => {
    const issuer = deps.issuer();
    return reply
      .header('cache-control', 'public, max-age=3600')
      .header('access-control-allow-origin', '*')
      .send({
        issuer,
        authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/oauth2/v3/certs`,
        response_types_supported: ['id_token', 'token', 'id_token token'],
        response_modes_supported: ['fragment'],
        grant_types_supported: ['implicit', 'urn:ietf:params:oauth:grant-type:jwt-bearer'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: [
          'aud',
          'email',
          'email_verified',
          'exp',
          'family_name',
          'given_name',
          'iat',
          'iss',
          'name',
          'sub',
        ],
      });
  });

  app.get('/oauth2/v3/certs', async (_request, reply) => {
    // Google sends a max-age of a few hours; an hour suits a key that a wiped data dir can replace.
    return reply
      .header('cache-control', 'public, max-age=3600, must-revalidate, no-transform')
      .header('access-control-allow-origin', '*')
      .send({ keys: [deps.signingKey.publicJwk] });
  });
}
