import type { AccountChoice } from './account-choice.js';
import type { AuthorizeRequest } from './authorize-request.js';
import { fragmentRedirectUrl } from './fragment-redirect.js';
import type { IdTokenSigner } from './id-tokens.js';
import type { IdentityStore } from './identity-store.js';

/** What completing a sign-in needs. */
export interface SignInDeps {
  identity: IdentityStore;
  idTokens: IdTokenSigner;
}

/**
 * Completes an implicit-flow sign-in for the chosen account: remembers it for the chooser, issues what the
 * response_type asked for, and returns the redirect URL carrying the results in its fragment.
 */
export async function completeSignIn(
  deps: SignInDeps,
  request: AuthorizeRequest,
  account: AccountChoice,
  shownPrompt: 'none' | 'select_account' | 'consent',
): Promise<string> {
  await deps.identity.rememberAccount(account);

  const accessToken = request.wantsAccessToken
    ? await deps.identity.issueAccessToken({
        email: account.email,
        name: account.name,
        clientId: request.clientId,
        scopes: request.scopes,
      })
    : undefined;

  const idToken = request.wantsIdToken
    ? await deps.idTokens.mint({
        email: account.email,
        name: account.name,
        audience: request.clientId,
        ...(request.nonce !== undefined ? { nonce: request.nonce } : {}),
        ...(accessToken ? { accessToken: accessToken.accessToken } : {}),
      })
    : undefined;

  // Google's order: state, the access token fields, id_token, then authuser and prompt.
  return fragmentRedirectUrl(request.redirectUri, [
    ['state', request.state],
    ['access_token', accessToken?.accessToken],
    ['token_type', accessToken ? 'Bearer' : undefined],
    ['expires_in', accessToken ? String(accessToken.expiresIn) : undefined],
    ['scope', accessToken ? request.scopes.join(' ') : undefined],
    ['id_token', idToken],
    ['authuser', '0'],
    // What the person saw: nothing (`none`), the chooser (`select_account`) or the consent screen.
    ['prompt', shownPrompt],
  ]);
}

/** Where "Cancel" leads: Google's answer when the person declines. */
export function cancelRedirectUrl(request: AuthorizeRequest): string {
  return fragmentRedirectUrl(request.redirectUri, [
    ['error', 'access_denied'],
    ['state', request.state],
  ]);
}

/**
 * The answer to `prompt=none` when a page would be needed: `interaction_required` without a signed-in
 * browser, `consent_required` when the account has not allowed the scopes.
 */
export function refusalRedirectUrl(
  request: AuthorizeRequest,
  error: 'interaction_required' | 'consent_required',
): string {
  return fragmentRedirectUrl(request.redirectUri, [
    ['error', error],
    ['state', request.state],
  ]);
}
