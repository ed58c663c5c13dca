import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ConsentStore } from './consent-store.js';
import type { IdentityStore } from './identity-store.js';

/** What the revoke endpoint needs. */
export interface RevokeRoutesDeps {
  identity: IdentityStore;
  consents: ConsentStore;
}

/**
 * Google's token revocation: `POST /o/oauth2/revoke?token=…` (accounts.google.com, which GIS's
 * `google.accounts.oauth2.revoke` calls) and `POST /revoke` (oauth2.googleapis.com), the token in the
 * query or a form body. Revoking ends the grant: the account's tokens for that client stop working and the
 * consent screen shows again next time. It answers `200 {}`, or `400 invalid_token` for a token that is
 * unknown, expired or already revoked. Browsers may call it from any origin, as Google's allows.
 */
export function registerRevokeRoutes(app: FastifyInstance, deps: RevokeRoutesDeps) {
  const revoke = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store');
    const token = tokenOf(request);
    if (!token) return reply.code(400).send({ error: 'invalid_request', error_description: 'Bad Request' });
    const grant = await deps.identity.revokeGrant(token);
    if (!grant) {
      return reply.code(400).send({ error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    await deps.consents.revoke(grant.email, grant.clientId);
    return reply.send({});
  };
  for (const path of ['/o/oauth2/revoke', '/revoke']) {
    app.post(path, revoke);
    // accounts.google.com's old endpoint also takes GET.
    app.get(path, revoke);
  }
}

function tokenOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown>;
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const token = typeof query.token === 'string' ? query.token : body.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
