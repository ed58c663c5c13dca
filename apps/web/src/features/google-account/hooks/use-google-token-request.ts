import { TEMPLATE_MESSAGES } from '@sheetforms/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GoogleApisConfig } from '../api/get-google-apis-config';
import {
  type GoogleOAuth2,
  type GoogleTokenClient,
  type GoogleTokenResponse,
  loadTokenClientScript,
} from '../api/token-client-script';
import { saveGoogleToken } from '../logic/google-token';

export type GoogleClientStatus = 'loading' | 'ready' | 'unavailable';

interface Pending {
  resolve: (accessToken: string) => void;
  reject: (error: Error) => void;
}

/** Why the token client gave no token without Google answering (its error_callback's type). */
export class TokenRequestError extends Error {
  constructor(
    message: string,
    readonly type: string | undefined,
  ) {
    super(message);
    this.name = 'TokenRequestError';
  }
}

/**
 * Google Identity Services' token client, loaded from the server's configuration (Google's script, or
 * the emulator's in local mode): `requestToken` opens Google's window and answers the owner's access
 * token, which is kept in localStorage (google-token.ts) for document templates and for proving access
 * to a spreadsheet alike. Call it from a click: browsers block a window opened later.
 */
export function useGoogleTokenRequest(config: GoogleApisConfig | null | undefined) {
  const [status, setStatus] = useState<GoogleClientStatus>('loading');
  const oauth2Ref = useRef<GoogleOAuth2 | null>(null);
  const clientRef = useRef<GoogleTokenClient | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const scriptUrl = config?.tokenClientScriptUrl;
  const clientId = config?.clientId;
  const scope = config?.scopes.join(' ');
  const unavailable = config === null;

  useEffect(() => {
    if (unavailable) {
      setStatus('unavailable');
      return;
    }
    if (!scriptUrl || clientId === undefined || scope === undefined) return;
    let active = true;
    setStatus('loading');
    loadTokenClientScript(scriptUrl)
      .then((oauth2) => {
        if (!active) return;
        oauth2Ref.current = oauth2;
        clientRef.current = oauth2.initTokenClient({
          client_id: clientId,
          scope,
          callback: (response: GoogleTokenResponse) => {
            const pending = pendingRef.current;
            pendingRef.current = null;
            if (response.error || !response.access_token) {
              pending?.reject(new Error(response.error_description || response.error || 'no access token'));
              return;
            }
            saveGoogleToken(response.access_token);
            pending?.resolve(response.access_token);
          },
          error_callback: (error) => {
            const pending = pendingRef.current;
            pendingRef.current = null;
            pending?.reject(new TokenRequestError(error.message || error.type || 'unknown', error.type));
          },
        });
        setStatus('ready');
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.error('Google token client failed to load', error);
        setStatus('unavailable');
      });
    return () => {
      active = false;
    };
  }, [unavailable, scriptUrl, clientId, scope]);

  /** Asks Google for a token: `prompt` '' renews one without a window when Google allows it. */
  const requestToken = useCallback((prompt?: string): Promise<string> => {
    const client = clientRef.current;
    if (!client) return Promise.reject(new Error(TEMPLATE_MESSAGES.notInitialized));
    // A newer request replaces one the owner abandoned (a window closed without an answer).
    pendingRef.current?.reject(new Error('popup_closed'));
    return new Promise<string>((resolve, reject) => {
      pendingRef.current = { resolve, reject };
      client.requestAccessToken(prompt === undefined ? undefined : { prompt });
    });
  }, []);

  const revoke = useCallback((accessToken: string) => oauth2Ref.current?.revoke(accessToken), []);

  return { status, requestToken, revoke };
}
