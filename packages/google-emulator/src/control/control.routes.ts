import type { FastifyInstance } from 'fastify';
import type { EmulatorServices } from '../emulator-services.js';
import { sendGoogleError } from '../google-errors.js';
import { registerControlGuard } from './cross-site-guard.js';
import { registerDocumentsControlRoutes } from './documents-control.routes.js';
import { registerEmulatorControlRoutes } from './emulator-control.routes.js';
import { checkMintIdTokenBody } from './id-token-request.js';
import { registerSpreadsheetsControlRoutes } from './spreadsheets-control.routes.js';

/**
 * Emulator-only endpoints (not part of Google's API) under `/__emulator`, for tests, seed scripts and the
 * page: ID tokens without the browser, expiring access tokens, spreadsheets and documents, reset/seed, faults,
 * quotas, service accounts.
 */
export function registerControlRoutes(app: FastifyInstance, services: EmulatorServices) {
  registerControlGuard(app, services.config.issuer);
  app.post('/__emulator/id-token', async (request, reply) => {
    const check = checkMintIdTokenBody(request.body);
    if (!check.ok) return sendGoogleError(reply, 400, check.message);
    const idToken = await services.idTokens.mint(check.input);
    return reply.header('cache-control', 'no-store').send({ idToken });
  });
  app.post('/__emulator/access-tokens/expire', async (request, reply) => {
    const token = (request.body as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') {
      return sendGoogleError(reply, 400, "Invalid value at 'token': a string is required.");
    }
    if (!(await services.identity.expireAccessToken(token))) {
      return sendGoogleError(reply, 404, 'No live access token matches.');
    }
    return { expired: true };
  });
  registerSpreadsheetsControlRoutes(app, services.spreadsheets);
  registerDocumentsControlRoutes(app, services.documents);
  registerEmulatorControlRoutes(app, services);
}
