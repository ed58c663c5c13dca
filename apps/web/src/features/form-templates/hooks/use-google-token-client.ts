import { TEMPLATE_MESSAGES } from '@sheetforms/contract';
import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { GoogleApisConfig } from '@/features/google-account/api/get-google-apis-config';
import {
  type GoogleClientStatus,
  TokenRequestError,
  useGoogleTokenRequest,
} from '@/features/google-account/hooks/use-google-token-request';
import { clearGoogleToken, readGoogleToken } from '@/features/google-account/logic/google-token';
import { isExpiredTokenError } from '../api/google/google-request';
import { errorMessage } from '../logic/error-text';

export type { GoogleClientStatus };

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

/**
 * The Google sign-in of document templates (spec 001 sections 4 and 7), on the shared token client:
 * signed in while a token is kept, with the spec's toasts.
 */
export function useGoogleTokenClient(config: GoogleApisConfig | null | undefined): GoogleSession {
  const tokens = useGoogleTokenRequest(config);
  const [isSignedIn, setIsSignedIn] = useState(() => readGoogleToken() !== null);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const { status, revoke } = tokens;
  const baseRequest = tokens.requestToken;

  const requestToken = useCallback(
    async (prompt?: string): Promise<string> => {
      const accessToken = await baseRequest(prompt);
      setIsSignedIn(true);
      return accessToken;
    },
    [baseRequest],
  );

  const signIn = useCallback(async () => {
    if (status !== 'ready') {
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
  }, [requestToken, status]);

  const signOut = useCallback(() => {
    const token = readGoogleToken();
    if (token) revoke(token.accessToken);
    clearGoogleToken();
    setIsSignedIn(false);
    toast.success(TEMPLATE_MESSAGES.signedOut);
  }, [revoke]);

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
