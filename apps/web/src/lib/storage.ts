import { STORAGE_KEYS, type TokenPair, type User, UserSchema } from '@sheetforms/contract';
import { forgetRecordedRotation } from './rotation-record';

/**
 * The browser-stored session (spec 000 sections 3-4): accessToken, refreshToken and user (JSON)
 * in localStorage. Every read and write of those keys goes through this module.
 */

const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refreshToken);
}

export function setTokens(tokens: TokenPair): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

/** The stored user, or null when absent or unreadable (an unreadable entry is removed). */
export function getStoredUser(): User | null {
  const raw = localStorage.getItem(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed = UserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through: malformed JSON is treated like a missing user.
  }
  localStorage.removeItem(STORAGE_KEYS.user);
  return null;
}

export function setStoredUser(user: User): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function removeStoredUser(): void {
  localStorage.removeItem(STORAGE_KEYS.user);
}

/**
 * Clears accessToken, refreshToken and user, the record of the last token rotation, and the owner's
 * Google token: on a shared browser the next person to sign in must not find a Drive token of the last
 * one's (it could prove edit access to their spreadsheets, decision 0044).
 */
export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.googleToken);
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  localStorage.removeItem(STORAGE_KEYS.user);
  forgetRecordedRotation();
}

/**
 * Where to go after sign-in. Only same-site paths are accepted, so a crafted value cannot
 * send the user to another site.
 */
export function isSafeRedirectPath(path: unknown): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}

export function rememberRedirectAfterLogin(path: string): void {
  if (isSafeRedirectPath(path)) sessionStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, path);
}

/** Returns the remembered location (if any) and forgets it. */
export function takeRedirectAfterLogin(): string | null {
  const path = sessionStorage.getItem(REDIRECT_AFTER_LOGIN_KEY);
  sessionStorage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
  return isSafeRedirectPath(path) ? path : null;
}
