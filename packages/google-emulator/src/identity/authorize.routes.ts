import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../html/page-headers.js';
import { checkAccountChoice } from './account-choice.js';
import { type AuthorizeStep, stepAfterChoice, stepForRequest } from './authorize-flow.js';
import { type AuthorizeRequest, checkAuthorizeRequest } from './authorize-request.js';
import type { BrowserSessions } from './browser-sessions.js';
import { type ChooserPageModel, renderChooserPage } from './chooser-page.js';
import { renderConsentPage } from './consent-page.js';
import type { ConsentStore } from './consent-store.js';
import { renderAuthorizeErrorPage } from './error-page.js';
import type { IdTokenSigner } from './id-tokens.js';
import type { IdentityStore } from './identity-store.js';
import { cancelRedirectUrl, completeSignIn, refusalRedirectUrl } from './sign-in.service.js';

/** What the authorization endpoint needs. */
export interface AuthorizeRoutesDeps {
  clientId: string;
  appName: string;
  identity: IdentityStore;
  idTokens: IdTokenSigner;
  consents: ConsentStore;
  sessions: BrowserSessions;
}

export const AUTHORIZE_PATH = '/o/oauth2/v2/auth';

/**
 * Google's authorization endpoint for the implicit flow: GET shows the account chooser (or the consent
 * screen, or nothing, depending on `prompt`, the browser's session and what the account already allowed);
 * POST takes the chooser's and the consent screen's forms. The tokens go back to the app in the redirect's
 * fragment.
 */
export function registerAuthorizeRoutes(app: FastifyInstance, deps: AuthorizeRoutesDeps) {
  const granted = (request: AuthorizeRequest) => (account: { email: string }) =>
    deps.consents.granted(account.email, request.clientId);

  app.get(AUTHORIZE_PATH, async (request, reply) => {
    const check = checkAuthorizeRequest(request.query, deps.clientId);
    if (!check.ok) {
      return sendPage(
        reply,
        check.error.status,
        renderAuthorizeErrorPage(check.error, request.query, deps.appName),
      );
    }
    const session = deps.sessions.accountOf(request);
    const step = stepForRequest(check.request, session, granted(check.request));
    return answer(request, reply, check.request, step, deps);
  });

  app.post(AUTHORIZE_PATH, async (request, reply) => {
    // The pages carry the original parameters in hidden fields; they are checked again, not trusted.
    const check = checkAuthorizeRequest(request.body, deps.clientId);
    if (!check.ok) {
      return sendPage(
        reply,
        check.error.status,
        renderAuthorizeErrorPage(check.error, request.body, deps.appName),
      );
    }
    const choice = checkAccountChoice(request.body);
    if (!choice.ok) {
      const model = { ...chooserModel(request, check.request, deps), anotherAccount: choice };
      return sendPage(reply, 400, renderChooserPage(model), check.request.redirectOrigin);
    }
    await deps.identity.rememberAccount(choice.account);
    deps.sessions.signIn(request, reply, choice.account, cookiePath(request));
    const allowed = (request.body as Record<string, unknown>).consent === 'allow';
    if (allowed) {
      await deps.consents.grant(choice.account.email, check.request.clientId, check.request.scopes);
    }
    const step = stepAfterChoice(check.request, choice.account, granted(check.request), allowed);
    return answer(request, reply, check.request, step, deps);
  });
}

async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  authorize: AuthorizeRequest,
  step: AuthorizeStep,
  deps: AuthorizeRoutesDeps,
) {
  switch (step.kind) {
    case 'chooser':
      return sendPage(
        reply,
        200,
        renderChooserPage(chooserModel(request, authorize, deps)),
        authorize.redirectOrigin,
      );
    case 'consent':
      return sendPage(
        reply,
        200,
        renderConsentPage({
          appName: deps.appName,
          actionPath: actionPath(request),
          request: authorize,
          account: step.account,
          cancelUrl: cancelRedirectUrl(authorize),
        }),
        authorize.redirectOrigin,
      );
    case 'refuse':
      return reply
        .header('cache-control', 'no-store')
        .redirect(refusalRedirectUrl(authorize, step.error), 302);
    case 'complete': {
      const location = await completeSignIn(deps, authorize, step.account, step.prompt);
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    }
  }
}

function chooserModel(
  request: FastifyRequest,
  authorize: AuthorizeRequest,
  deps: AuthorizeRoutesDeps,
): ChooserPageModel {
  return {
    appName: deps.appName,
    actionPath: actionPath(request),
    request: authorize,
    accounts: deps.identity.listAccounts(),
    cancelUrl: cancelRedirectUrl(authorize),
  };
}

/** The route's own path (with the mount prefix), so the forms post back here wherever it is mounted. */
function actionPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? AUTHORIZE_PATH;
}

/** The session cookie belongs to the emulator's mount path only (`/__google`), never to the app beside it. */
function cookiePath(request: FastifyRequest): string {
  const path = actionPath(request);
  return path.endsWith(AUTHORIZE_PATH) ? path.slice(0, -AUTHORIZE_PATH.length) || '/' : '/';
}
