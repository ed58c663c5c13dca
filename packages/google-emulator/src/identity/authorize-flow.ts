import type { AccountChoice } from './account-choice.js';
import type { AuthorizeRequest } from './authorize-request.js';
import { needsConsent } from './scopes.js';

/** What the authorization endpoint does next. */
export type AuthorizeStep =
  | { kind: 'chooser' }
  | { kind: 'consent'; account: AccountChoice }
  /** Issue the tokens; `prompt` says what the person saw, as Google reports it in the redirect. */
  | { kind: 'complete'; account: AccountChoice; prompt: 'none' | 'select_account' | 'consent' }
  | { kind: 'refuse'; error: 'interaction_required' | 'consent_required' };

/** The scopes an account has granted the client. */
export type GrantedScopes = (account: AccountChoice) => ReadonlySet<string>;

/**
 * Google's `prompt` semantics for a new request (GET), given the browser's session:
 * - `none`: never show a page; tokens if signed in and consented, otherwise an error redirect;
 * - `select_account`: always the chooser first;
 * - `consent`: the consent screen even when already granted (after the chooser if not signed in);
 * - no prompt (GIS's `prompt: ''`): pages only when needed, so a consented, signed-in browser gets its
 *   tokens at once and the token client's popup closes by itself.
 */
export function stepForRequest(
  request: AuthorizeRequest,
  session: AccountChoice | undefined,
  granted: GrantedScopes,
): AuthorizeStep {
  const prompts = promptsOf(request);
  if (prompts.has('none')) {
    if (!session) return { kind: 'refuse', error: 'interaction_required' };
    if (missingConsent(request, granted(session))) return { kind: 'refuse', error: 'consent_required' };
    return { kind: 'complete', account: session, prompt: 'none' };
  }
  if (prompts.has('select_account') || !session) return { kind: 'chooser' };
  if (prompts.has('consent') || missingConsent(request, granted(session))) {
    return { kind: 'consent', account: session };
  }
  return { kind: 'complete', account: session, prompt: 'none' };
}

/** After the chooser (an account was picked) or the consent screen (`allowed`). */
export function stepAfterChoice(
  request: AuthorizeRequest,
  account: AccountChoice,
  granted: GrantedScopes,
  allowed: boolean,
): AuthorizeStep {
  if (allowed) return { kind: 'complete', account, prompt: 'consent' };
  if (promptsOf(request).has('consent') || missingConsent(request, granted(account))) {
    return { kind: 'consent', account };
  }
  return { kind: 'complete', account, prompt: 'select_account' };
}

function missingConsent(request: AuthorizeRequest, granted: ReadonlySet<string>): boolean {
  return request.scopes.some((scope) => needsConsent(scope) && !granted.has(scope));
}

function promptsOf(request: AuthorizeRequest): Set<string> {
  return new Set((request.prompt ?? '').split(/\s+/).filter((part) => part !== ''));
}
