import type { FastifyInstance } from 'fastify';
import { sendGoogleError } from '../google-errors.js';
import type { IdTokenSigner } from '../identity/id-tokens.js';
import { checkMintIdTokenBody } from './id-token-request.js';

/** What the control API needs. */
export interface ControlRoutesDeps {
  idTokens: IdTokenSigner;
}

/**
 * Emulator-only endpoints (not part of Google's API) that tests and seed scripts use to skip the
 * browser: `POST /__emulator/id-token` mints an ID token for any account.
 */
export function registerControlRoutes(app: FastifyInstance, deps: ControlRoutesDeps) {
  app.post('/__emulator/id-token', async (request, reply) => {
    const check = checkMintIdTokenBody(request.body);
    if (!check.ok) return sendGoogleError(reply, 400, check.message);
    const idToken = await deps.idTokens.mint(check.input);
    return reply.header('cache-control', 'no-store').send({ idToken });
  });
}
