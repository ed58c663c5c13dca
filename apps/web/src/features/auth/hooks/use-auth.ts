import type { SignInResult, User } from '@sheetforms/contract';
import { createContext, useContext } from 'react';

export interface AuthContextValue {
  user: User | null;
  /** True until the stored session has been checked against the server. */
  isLoading: boolean;
  /** Spec 000 section 4: a user is present and an accessToken is stored. */
  isAuthenticated: boolean;
  /** Stores the tokens and user of a successful sign-in. */
  startSession: (result: SignInResult) => void;
  /** Clears the stored tokens and user (a chosen logout). */
  endSession: () => void;
  /** True after a chosen logout, until the next sign-in; false when a session expired or never began. */
  loggedOut: boolean;
  /** Replaces the signed-in user after a profile change (the sidebar shows the new name at once). */
  updateUser?: (user: User) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
