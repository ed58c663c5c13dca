import { createAuthenticate } from '../http/authenticate.js';
import { createAccessTokenDenyList } from '../modules/auth/access-token-deny-list.js';
import { AccessTokens } from '../modules/auth/access-tokens.js';
import { applyAdminEmails } from '../modules/auth/admin-roles.js';
import { createAuthService } from '../modules/auth/auth.service.js';
import { createExpiredSessionsSweep } from '../modules/auth/expired-sessions-sweep.js';
import { createIdTokenVerifier } from '../modules/auth/id-token-verifier.js';
import { resolveJwtSecret } from '../modules/auth/jwt-secret.js';
import { createRevokedTokensRepository } from '../modules/auth/revoked-tokens.repository.js';
import { createSessionsRepository } from '../modules/auth/sessions.repository.js';
import { createUsersRepository } from '../modules/auth/users.repository.js';
import type { AppContext } from './app-context.js';

/**
 * Sign-in and sessions: the server secret every token is signed from, the authenticate hook, the auth
 * service, the sweep of expired refresh tokens, and the stored Admin roles brought in line with ADMIN_EMAILS.
 */
export async function wireAuth({ app, config, database, overrides, clock }: AppContext) {
  const jwtSecret = await resolveJwtSecret(database.db, config.jwtSecret);
  const accessTokens = new AccessTokens(jwtSecret, config.accessTokenTtlSeconds, overrides.now);
  // Logged-out access tokens are refused until they expire (a database list, cached in-process).
  const denyList = createAccessTokenDenyList({
    revoked: createRevokedTokensRepository(database.db),
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  const authenticate = createAuthenticate(accessTokens, denyList);
  const sessions = createSessionsRepository(database.db);
  // Expired refresh tokens are deleted at start and every ten minutes, in short batches.
  const expiredSessions = createExpiredSessionsSweep({ sessions, log: app.log, ...clock });
  app.addHook('onReady', async () => expiredSessions.start());
  app.addHook('preClose', async () => expiredSessions.stop());
  const auth = createAuthService({
    users: createUsersRepository(database.db),
    sessions,
    accessTokens,
    denyList,
    idTokens:
      overrides.idTokenVerifier ??
      createIdTokenVerifier({
        jwksUrl: config.google.jwksUrl,
        issuers: config.google.issuers,
        audience: config.google.clientId,
      }),
    adminEmails: config.adminEmails,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  // The stored roles follow ADMIN_EMAILS from the start (a removed Admin loses the role everywhere the
  // users table is read); the log says who is Admin and why.
  await applyAdminEmails({
    users: createUsersRepository(database.db),
    adminEmails: config.adminEmails,
    log: app.log,
    now: (overrides.now?.() ?? new Date()).toISOString(),
  });
  return { jwtSecret, authenticate, auth };
}
