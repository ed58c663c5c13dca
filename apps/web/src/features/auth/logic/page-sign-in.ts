import { API_PREFIX, type AuthConfig, SIGN_IN_SCOPES, type SignInResult } from '@sheetforms/contract';
import { setFlashMessage } from '@/lib/flash-message';
import { setStoredUser, setTokens, takeRedirectAfterLogin } from '@/lib/storage';
import { OAUTH_CALLBACK_PATH, randomToken, requestIdToken } from './google-popup';
import { DASHBOARD_PATH, SIGN_IN_SUCCESS_MESSAGE } from './sign-in-texts';

/**
 * 'Login with Google' from a page outside the dashboard app (the public pages, spec 000 section 4, and
 * Access denied), loaded on the first click so it does not weigh on the first load: the popup yields an ID
 * token, POST /auth/google answers the session, which is stored; then the dashboard opens (a full page
 * load: it is the other app) with the success toast, at the page the route guard remembered or
 * /dashboard/forms.
 */

interface Envelope<T> {
  data: T;
  message?: string;
}

/** The server's problem text (`detail`), else its `message`, else undefined. */
async function problemText(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { detail?: unknown; message?: unknown };
    if (typeof body.detail === 'string' && body.detail) return body.detail;
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // Not JSON: the caller's fallback applies.
  }
  return undefined;
}

async function call<T>(path: string, init?: RequestInit): Promise<Envelope<T>> {
  const res = await fetch(`${API_PREFIX}${path}`, {
    ...init,
    headers: { accept: 'application/json, application/problem+json', ...init?.headers },
  });
  if (!res.ok) throw new Error((await problemText(res)) ?? `Request failed with status ${res.status}`);
  return (await res.json()) as Envelope<T>;
}

/** Runs the sign-in in the popup the click opened; resolves once the dashboard is being opened. */
export async function signInWithGoogle(popup: Window): Promise<void> {
  const { data: config } = await call<AuthConfig>('/auth/config');
  const idToken = await requestIdToken(popup, {
    authorizationEndpoint: config.authorizationEndpoint,
    clientId: config.googleClientId,
    redirectUri: `${window.location.origin}${OAUTH_CALLBACK_PATH}`,
    scopes: config.scopes.length > 0 ? config.scopes : SIGN_IN_SCOPES,
    nonce: randomToken(),
    state: randomToken(),
  });
  const { data, message } = await call<SignInResult>('/auth/google', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken }),
  });
  setTokens({ accessToken: data.accessToken, refreshToken: data.refreshToken });
  setStoredUser(data.user);
  setFlashMessage({ kind: 'success', text: message || SIGN_IN_SUCCESS_MESSAGE });
  window.location.assign(takeRedirectAfterLogin() ?? DASHBOARD_PATH);
}
