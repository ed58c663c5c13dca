import { TEMPLATE_MESSAGES } from '@sheetforms/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import type { GoogleApisConfig } from '../api/get-google-apis-config';
import { isExpiredTokenError } from '../api/google/google-request';
import {
  type GoogleOAuth2,
  type GoogleTokenClient,
  type GoogleTokenResponse,
  loadTokenClientScript,
} from '../api/google/token-client-script';
import { errorMessage } from '../logic/error-text';
import { clearGoogleToken, readGoogleToken, saveGoogleToken } from '../logic/google-token';

export type GoogleClientStatus = 'loading' | 'ready' | 'unavailable';

export interface GoogleSession {
  /** Whether the token client script has loaded and is initialised. */
  status: GoogleClientStatus;
  isSignedIn: boolean;
  isSigningIn: boolean;
  signIn: () => Promise<void>;
  signOut: () => void;
  /**
   * Runs a Google call with the owner's token. Without a token it starts sign-in first; on Google's 401
   * it clears the token, says so, asks for a new one silently (prompt '') and runs the call once more.
   */
  withToken: <T>(call: (accessToken: string) => Promise<T>) => Promise<T>;
}

interface Pending {
  resolve: (accessToken: string) => void;
  reject: (error: Error) => void;
}

/**
 * The Google Identity Services token client for document templates (spec 001 sections 4 and 7): loads
 * the script from the server's configuration once, keeps the token in localStorage (google-token.ts).
 */
export function useGoogleTokenClient(config: GoogleApisConfig | null | undefined): GoogleSession {
  const [status, setStatus] = useState<GoogleClientStatus>('loading');
  const [isSignedIn, setIsSignedIn] = useState(() => readGoogleToken() !== null);
  const [isSigningIn, setIsSigningIn] = useState(false);
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
            setIsSignedIn(true);
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

  const requestToken = useCallback((prompt?: string): Promise<string> => {
    const client = clientRef.current;
    if (!client) return Promise.reject(new Error(TEMPLATE_MESSAGES.notInitialized));
    // A newer request replaces one the owner abandoned (a popup closed without an answer).
    pendingRef.current?.reject(new Error('popup_closed'));
    return new Promise<string>((resolve, reject) => {
      pendingRef.current = { resolve, reject };
      client.requestAccessToken(prompt === undefined ? undefined : { prompt });
    });
  }, []);

  const signIn = useCallback(async () => {
    if (!clientRef.current) {
      toast.error(TEMPLATE_MESSAGES.notInitialized);
      return;
    }
    setIsSigningIn(true);
    try {
      await requestToken();
      toast.success(TEMPLATE_MESSAGES.signedIn);
    } catch (error) {
      toast.error(`${TEMPLATE_MESSAGES.signInFailedPrefix}${errorMessage(error)}`);
    } finally {
      setIsSigningIn(false);
    }
  }, [requestToken]);

  const signOut = useCallback(() => {
    const token = readGoogleToken();
    if (token) oauth2Ref.current?.revoke(token.accessToken);
    clearGoogleToken();
    setIsSignedIn(false);
    toast.success(TEMPLATE_MESSAGES.signedOut);
  }, []);

  const withToken = useCallback(
    async <T>(call: (accessToken: string) => Promise<T>): Promise<T> => {
      let accessToken = readGoogleToken()?.accessToken;
      if (!accessToken) {
        setIsSignedIn(false);
        toast.info(TEMPLATE_MESSAGES.needSignIn);
        accessToken = await requestOrExplain(requestToken);
      }
      try {
        return await call(accessToken);
      } catch (error) {
        if (!isExpiredTokenError(error)) throw error;
        // The section stays as it is while the new token is fetched; it only signs out if that fails.
        clearGoogleToken();
        toast.info(TEMPLATE_MESSAGES.sessionExpired);
        let fresh: string;
        try {
          fresh = await requestOrExplain(() => requestToken(''));
        } catch (refreshError) {
          setIsSignedIn(false);
          throw refreshError;
        }
        return call(fresh);
      }
    },
    [requestToken],
  );

  return { status, isSignedIn, isSigningIn, signIn, signOut, withToken };
}

/** Why the token client gave no token without Google answering (its error_callback's type). */
class TokenRequestError extends Error {
  constructor(
    message: string,
    readonly type: string | undefined,
  ) {
    super(message);
    this.name = 'TokenRequestError';
  }
}

/**
 * A failed token request reads as a failed Google sign-in; when the owner closed the sign-in window that
 * an import opened, nothing failed: the import needs them signed in (spec 001 section 8).
 */
async function requestOrExplain(request: (prompt?: string) => Promise<string>): Promise<string> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof TokenRequestError && error.type === 'popup_closed')
      throw new Error(TEMPLATE_MESSAGES.signInFirst);
    throw new Error(`${TEMPLATE_MESSAGES.signInFailedPrefix}${errorMessage(error)}`);
  }
}
