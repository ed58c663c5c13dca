import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { ApiGuardDeps } from './access/api-guard.js';
import { registerTokenRoutes } from './access/token.routes.js';
import { registerControlRoutes } from './control/control.routes.js';
import { registerDocsApiRoutes } from './docs/docs-api.routes.js';
import { registerDocumentsRoutes } from './docs/documents.routes.js';
import { registerDriveMetadataRoutes } from './docs/drive-metadata.routes.js';
import type { EmulatorServices } from './emulator-services.js';
import {
  GoogleApiError,
  googleErrorBody,
  googleStatusFor,
  sendGoogleApiError,
  sendGoogleError,
} from './google-errors.js';
import { registerTokenClientRoutes } from './gsi/token-client.routes.js';
import { registerAuthorizeRoutes } from './identity/authorize.routes.js';
import { registerDiscoveryRoutes } from './identity/discovery.routes.js';
import { registerRevokeRoutes } from './identity/revoke.routes.js';
import { registerTokenInfoRoutes } from './identity/tokeninfo.routes.js';
import { registerPageRoutes } from './pages/page.routes.js';
import { registerCsvExportRoutes } from './sheets/csv-export.routes.js';
import { registerSheetsRoutes } from './sheets/sheets.routes.js';

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
    // API handlers throw Google's errors as they are; everything else is mapped below.
    if (error instanceof GoogleApiError) return sendGoogleApiError(reply, error);
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
    consents: services.consents,
    sessions: services.sessions,
  });
  registerRevokeRoutes(app, { identity: services.identity, consents: services.consents });
  registerTokenInfoRoutes(app, { identity: services.identity, now: services.config.now });
  registerTokenClientRoutes(app, { issuer: services.config.issuer });
  registerTokenRoutes(app, {
    issuer: services.config.issuer,
    identity: services.identity,
    serviceAccounts: services.serviceAccounts,
    now: services.config.now,
  });

  const guard: ApiGuardDeps = {
    apiKeys: services.config.apiKeys,
    identity: services.identity,
    quota: services.quota,
    faults: services.faults,
  };
  registerSheetsRoutes(app, { store: services.spreadsheets, guard });
  registerCsvExportRoutes(app, { store: services.spreadsheets, identity: services.identity });
  const driveDeps = { documents: services.documents, spreadsheets: services.spreadsheets, guard };
  registerDocumentsRoutes(app, driveDeps);
  registerDriveMetadataRoutes(app, driveDeps);
  registerDocsApiRoutes(app, { documents: services.documents, guard, issuer: services.config.issuer });
  registerPageRoutes(app, services);
  if (services.config.enableControlApi) registerControlRoutes(app, services);
}

function httpStatusOf(error: unknown): number {
  const code = error instanceof Error && 'statusCode' in error ? error.statusCode : undefined;
  return typeof code === 'number' && code >= 400 && code <= 599 ? code : 500;
}
