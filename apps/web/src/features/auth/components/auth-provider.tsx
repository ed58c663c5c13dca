import { type SignInResult, STORAGE_KEYS, type User } from '@sheetforms/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { onSessionExpired } from '@/lib/api-client';
import { clearSession, getAccessToken, removeStoredUser, setStoredUser, setTokens } from '@/lib/storage';
import { getProfile } from '../api/get-profile';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth';

/**
 * Holds the signed-in user (spec 000 section 4). On start it is loading; with a stored accessToken it
 * fetches the profile (failure clears the session), and a stored user without a token is removed.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [loggedOut, setLoggedOut] = useState(false);

  useEffect(() => {
    let cancelled = false;
    if (!getAccessToken()) {
      removeStoredUser();
      setIsLoading(false);
      return;
    }
    getProfile()
      .then((profile) => {
        if (cancelled) return;
        setStoredUser(profile);
        setUser(profile);
      })
      .catch(() => {
        if (cancelled) return;
        clearSession();
        setUser(null);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  // A 401 that could not be refreshed has already cleared storage; forget the user too. A logout the user
  // chose stays one: a list still refetching as the page leaves is answered 401 after it, and must not turn
  // it into an expiry (the home page would then not say 'Logged out successfully'). Signing in resets it.
  useEffect(() => onSessionExpired(() => setUser(null)), []);

  // Logging out in another tab removes the token there; follow it here.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (event.key === STORAGE_KEYS.accessToken && event.newValue === null)) {
        setUser(null);
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const startSession = useCallback((result: SignInResult) => {
    setTokens({ accessToken: result.accessToken, refreshToken: result.refreshToken });
    setStoredUser(result.user);
    setUser(result.user);
    setLoggedOut(false);
  }, []);

  const endSession = useCallback(() => {
    clearSession();
    setUser(null);
    setLoggedOut(true);
  }, []);

  const updateUser = useCallback((next: User) => {
    setStoredUser(next);
    setUser(next);
  }, []);

  const hasToken = getAccessToken() !== null;
  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading,
      isAuthenticated: user !== null && hasToken,
      startSession,
      endSession,
      loggedOut,
      updateUser,
    }),
    [user, isLoading, hasToken, startSession, endSession, loggedOut, updateUser],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
