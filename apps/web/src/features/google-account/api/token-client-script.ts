import { TEMPLATE_MESSAGES } from '@sheetforms/contract';

/** The part of Google Identity Services' token model (google.accounts.oauth2) the templates use. */
export interface GoogleTokenResponse {
  access_token?: string;
  expires_in?: number | string;
  scope?: string;
  token_type?: string;
  error?: string;
  error_description?: string;
}

/** Why no token came back without Google answering: popup_failed_to_open, popup_closed or unknown. */
export interface GoogleTokenClientError {
  type?: string;
  message?: string;
}

export interface GoogleTokenClient {
  requestAccessToken(overrides?: { prompt?: string }): void;
}

export interface GoogleOAuth2 {
  initTokenClient(config: {
    client_id: string;
    scope: string;
    callback: (response: GoogleTokenResponse) => void;
    error_callback?: (error: GoogleTokenClientError) => void;
  }): GoogleTokenClient;
  revoke(accessToken: string, done?: () => void): void;
}

declare global {
  interface Window {
    google?: { accounts?: { oauth2?: GoogleOAuth2 } };
  }
}

const loads = new Map<string, Promise<GoogleOAuth2>>();

/**
 * Loads the token client script (Google's, or the emulator's in local mode) once per page. A failed
 * load is forgotten, so the next attempt tries again.
 */
export function loadTokenClientScript(url: string): Promise<GoogleOAuth2> {
  const ready = window.google?.accounts?.oauth2;
  if (ready) return Promise.resolve(ready);
  let load = loads.get(url);
  if (!load) {
    load = new Promise<GoogleOAuth2>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => {
        const oauth2 = window.google?.accounts?.oauth2;
        if (oauth2) resolve(oauth2);
        else reject(new Error(TEMPLATE_MESSAGES.notInitialized));
      };
      script.onerror = () => {
        script.remove();
        reject(new Error(TEMPLATE_MESSAGES.notInitialized));
      };
      document.head.append(script);
    });
    load.catch(() => loads.delete(url));
    loads.set(url, load);
  }
  return load;
}
