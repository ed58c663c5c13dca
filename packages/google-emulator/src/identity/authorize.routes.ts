import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendPage } from '../html/page-headers.js';
import { checkAccountChoice } from './account-choice.js';
import { type AuthorizeRequest, checkAuthorizeRequest } from './authorize-request.js';
import { type ChooserPageModel, renderChooserPage } from './chooser-page.js';
import { renderAuthorizeErrorPage } from './error-page.js';
import type { IdTokenSigner } from './id-tokens.js';
import type { IdentityStore } from './identity-store.js';
import { cancelRedirectUrl, completeSignIn, interactionRequiredRedirectUrl } from './sign-in.service.js';

/** What the authorization endpoint needs. */
export interface AuthorizeRoutesDeps {
  clientId: string;
  appName: string;
  identity: IdentityStore;
  idTokens: IdTokenSigner;
}

const AUTHORIZE_PATH = '/o/oauth2/v2/auth';

/**
 * Google's authorization endpoint for the implicit flow: GET shows the account chooser, POST (the
 * chooser's forms) signs in and redirects to the app with the tokens in the fragment.
 */
export function registerAuthorizeRoutes(app: FastifyInstance, deps: AuthorizeRoutesDeps) {
  app.get(AUTHORIZE_PATH, async (request, reply) => {
    const check = checkAuthorizeRequest(request.query, deps.clientId);
    if (!check.ok) {
      return sendPage(
        reply,
        check.error.status,
        renderAuthorizeErrorPage(check.error, request.query, deps.appName),
      );
    }
    if (check.request.prompt === 'none') {
      return reply
        .header('cache-control', 'no-store')
        .redirect(interactionRequiredRedirectUrl(check.request), 302);
    }
    return sendPage(
      reply,
      200,
      renderChooserPage(chooserModel(request, check.request, deps)),
      check.request.redirectOrigin,
    );
  });

  app.post(AUTHORIZE_PATH, async (request, reply) => {
    // The chooser carries the original parameters in hidden fields; they are checked again, not trusted.
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
    const location = await completeSignIn(deps, check.request, choice.account);
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });
}

function chooserModel(
  request: FastifyRequest,
  authorize: AuthorizeRequest,
  deps: AuthorizeRoutesDeps,
): ChooserPageModel {
  return {
    appName: deps.appName,
    // The route's own path (with the mount prefix), so the forms post back here wherever it is mounted.
    actionPath: request.routeOptions.url ?? AUTHORIZE_PATH,
    request: authorize,
    accounts: deps.identity.listAccounts(),
    cancelUrl: cancelRedirectUrl(authorize),
  };
}
