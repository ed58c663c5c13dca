/**
 * The browser half of the sign-in popup (OAuth 2.0 implicit flow, response_type=id_token), the same for
 * Google and for the local emulator: only the authorization endpoint differs.
 */

export const OAUTH_CALLBACK_MESSAGE_TYPE = 'sheetforms:oauth-callback';
export const OAUTH_CALLBACK_PATH = '/oauth-callback.html';
export const POPUP_CLOSED_POLL_MS = 500;

const POPUP_NAME = 'sheetforms-google-sign-in';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;

export class PopupBlockedError extends Error {
  constructor() {
    super('The sign-in popup was blocked by your browser. Allow pop-ups for this site and try again.');
    this.name = 'PopupBlockedError';
  }
}

export class SignInCancelledError extends Error {
  constructor() {
    super('Sign-in was cancelled');
    this.name = 'SignInCancelledError';
  }
}

/** The fragment parameters the callback page posts back. */
export type OAuthCallbackParams = Partial<
  Record<'id_token' | 'access_token' | 'expires_in' | 'state' | 'error' | 'error_description', string>
>;

interface OAuthCallbackMessage {
  type: typeof OAUTH_CALLBACK_MESSAGE_TYPE;
  params: OAuthCallbackParams;
}

/** A URL-safe random string from the platform CSPRNG. */
export function randomToken(byteLength = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(byteLength));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface AuthorizationRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  nonce: string;
  state: string;
}

export function buildAuthorizationUrl(request: AuthorizationRequest): string {
  const url = new URL(request.authorizationEndpoint);
  const params: Record<string, string> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'id_token',
    scope: request.scopes.join(' '),
    nonce: request.nonce,
    state: request.state,
    prompt: 'select_account',
  };
  // Percent-encoding throughout (spaces as %20, not URLSearchParams' '+'), as the contract spells the URL.
  url.search = Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return url.toString();
}

/**
 * Opens an empty, centred popup. It must be called synchronously inside the click handler (before any
 * await), or the browser blocks it; the caller points it at the provider once the config is known.
 */
export function openBlankPopup(): Window {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  const popup = window.open(
    'about:blank',
    POPUP_NAME,
    `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`,
  );
  if (!popup) throw new PopupBlockedError();
  return popup;
}

function isCallbackMessage(data: unknown): data is OAuthCallbackMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === OAUTH_CALLBACK_MESSAGE_TYPE &&
    typeof (data as { params?: unknown }).params === 'object' &&
    (data as { params?: unknown }).params !== null
  );
}

/** The `nonce` claim of an ID token, if it has one (the signature is the server's business). */
export function readNonceClaim(idToken: string): string | undefined {
  const payload = idToken.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const nonce: unknown = JSON.parse(json).nonce;
    return typeof nonce === 'string' ? nonce : undefined;
  } catch {
    return undefined;
  }
}

function providerErrorMessage(params: OAuthCallbackParams): Error {
  if (params.error === 'access_denied') return new SignInCancelledError();
  return new Error(params.error_description || `Google sign-in failed (${params.error})`);
}

/**
 * Sends the popup to the provider and resolves with the ID token the callback page posts back.
 * Messages are accepted from this origin only and must carry the state sent; an `error` rejects,
 * and so does the user closing the popup.
 */
export function requestIdToken(popup: Window, request: AuthorizationRequest): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let closedPolls = 0;

    const finish = (outcome: () => void) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(pollTimer);
      if (!popup.closed) popup.close();
      outcome();
    };

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isCallbackMessage(event.data)) return;
      const { params } = event.data;
      if (params.state !== request.state) {
        finish(() => reject(new Error('The sign-in response did not match this request. Please try again.')));
        return;
      }
      if (params.error) {
        const error = providerErrorMessage(params);
        finish(() => reject(error));
        return;
      }
      const idToken = params.id_token;
      if (!idToken) {
        finish(() => reject(new Error('Google did not return an ID token.')));
        return;
      }
      const nonce = readNonceClaim(idToken);
      if (nonce !== undefined && nonce !== request.nonce) {
        finish(() => reject(new Error('The sign-in response did not match this request. Please try again.')));
        return;
      }
      finish(() => resolve(idToken));
    };

    // The callback page posts and then closes itself; one extra poll lets that last message arrive
    // before a closed popup is read as a cancellation.
    const pollTimer = window.setInterval(() => {
      if (!popup.closed) return;
      closedPolls += 1;
      if (closedPolls >= 2) finish(() => reject(new SignInCancelledError()));
    }, POPUP_CLOSED_POLL_MS);

    window.addEventListener('message', onMessage);
    popup.location.href = buildAuthorizationUrl(request);
  });
}
