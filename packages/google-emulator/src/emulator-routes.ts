import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { registerControlRoutes } from './control/control.routes.js';
import type { EmulatorServices } from './emulator-services.js';
import { googleErrorBody, googleStatusFor, sendGoogleError } from './google-errors.js';
import { registerAuthorizeRoutes } from './identity/authorize.routes.js';
import { registerDiscoveryRoutes } from './identity/discovery.routes.js';

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * Registers every emulator route, parser and handler on `app`, which must be an encapsulated context
 * (a plugin registered with a prefix), so nothing here reaches the host app's other routes.
 */
export async function registerEmulatorRoutes(app: FastifyInstance, services: EmulatorServices) {
  // The host app may have its own form parser; this context uses a known one (flat string fields).
  if (app.hasContentTypeParser(FORM_CONTENT_TYPE)) app.removeContentTypeParser(FORM_CONTENT_TYPE);
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  // Keep the emulator out of the host app's OpenAPI document: it is Google's API, not ours.
  // (`hide` is @fastify/swagger's flag; Fastify itself ignores it.)
  const hidden: Record<string, unknown> = { hide: true };
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, ...hidden };
  });

  // Fastify's own errors (malformed JSON, unsupported media type, body too large) get Google's envelope too.
  app.setErrorHandler((error, request, reply) => {
    const code = httpStatusOf(error);
    if (code >= 500) {
      request.log.error({ err: error }, 'google emulator: request failed');
      return sendGoogleError(reply, code, 'Internal error encountered.');
    }
    const message = error instanceof Error ? error.message : 'Bad request.';
    return reply.code(code).send(googleErrorBody(code, message, googleStatusFor(code)));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url;
    return sendGoogleError(reply, 404, `The requested URL ${path} was not found on this server.`);
  });

  registerDiscoveryRoutes(app, { issuer: services.config.issuer, signingKey: services.signingKey });
  registerAuthorizeRoutes(app, {
    clientId: services.config.clientId,
    appName: services.config.appName,
    identity: services.identity,
    idTokens: services.idTokens,
  });
  if (services.config.enableControlApi) registerControlRoutes(app, { idTokens: services.idTokens });
}

function httpStatusOf(error: unknown): number {
  const code = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
  return typeof code === 'number' && code >= 400 && code <= 599 ? code : 500;
}
