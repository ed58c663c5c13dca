import { SIGN_IN_SCOPES } from '@sheetforms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { getErrorMessage } from '@/lib/api-client';
import { isSafeRedirectPath, takeRedirectAfterLogin } from '@/lib/storage';
import { authConfigQueryOptions } from '../api/get-auth-config';
import { signInWithGoogle } from '../api/sign-in-with-google';
import { OAUTH_CALLBACK_PATH, openBlankPopup, randomToken, requestIdToken } from '../logic/google-popup';
import { useAuth } from './use-auth';

export const SIGN_IN_SUCCESS_MESSAGE = 'Google sign-in successful';
export const SIGN_IN_FAILURE_MESSAGE = 'Google sign-in failed';
export const DEFAULT_AFTER_SIGN_IN = '/dashboard/forms';

interface LocationState {
  from?: { pathname?: string; search?: string; hash?: string };
}

function rememberedFrom(state: unknown): string | null {
  const from = (state as LocationState | null)?.from;
  if (!from?.pathname) return null;
  const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return isSafeRedirectPath(path) ? path : null;
}

/**
 * Sign-in with Google through the popup, then a session from /auth/google. On success it goes to the
 * location the route guard remembered, else /dashboard/forms; every failure is logged and toasted.
 */
export function useGoogleSignIn() {
  const { startSession } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [isSigningIn, setIsSigningIn] = useState(false);

  const signIn = useCallback(async () => {
    let popup: Window | null = null;
    setIsSigningIn(true);
    try {
      popup = openBlankPopup();
      const config = await queryClient.fetchQuery(authConfigQueryOptions());
      const idToken = await requestIdToken(popup, {
        authorizationEndpoint: config.authorizationEndpoint,
        clientId: config.googleClientId,
        redirectUri: `${window.location.origin}${OAUTH_CALLBACK_PATH}`,
        scopes: config.scopes.length > 0 ? config.scopes : SIGN_IN_SCOPES,
        nonce: randomToken(),
        state: randomToken(),
      });
      const { data, message } = await signInWithGoogle(idToken);
      startSession(data);
      toast.success(message || SIGN_IN_SUCCESS_MESSAGE);
      const target = takeRedirectAfterLogin() ?? rememberedFrom(location.state) ?? DEFAULT_AFTER_SIGN_IN;
      navigate(target, { replace: true });
    } catch (error) {
      console.error('Google sign-in failed', error);
      if (popup && !popup.closed) popup.close();
      toast.error(getErrorMessage(error, SIGN_IN_FAILURE_MESSAGE));
    } finally {
      setIsSigningIn(false);
    }
  }, [location.state, navigate, queryClient, startSession]);

  return { signIn, isSigningIn };
}
