import { API_PREFIX, STORAGE_KEYS } from '@sheetforms/contract';
import { clearSession, getAccessToken, getRefreshToken } from '@/lib/storage';

/**
 * The browser-stored session as the public pages see it (spec 000 sections 3 and 4): signed in means a
 * user is stored and an accessToken is stored. Read only in the browser, after hydration; no call is
 * made to show the bar (the dashboard checks the session against the server when it opens).
 */
export interface StoredAccount {
  name: string;
  email: string;
}

/** The stored account, or null. A light read of the stored user: the pages do not ship the zod schemas. */
export function readStoredAccount(storage: Storage = localStorage): StoredAccount | null {
  if (!getAccessToken()) return null;
  const raw = storage.getItem(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const user: unknown = JSON.parse(raw);
    if (typeof user !== 'object' || user === null) return null;
    const { name, email } = user as { name?: unknown; email?: unknown };
    if (typeof email !== 'string' || email === '') return null;
    return { name: typeof name === 'string' ? name : '', email };
  } catch {
    return null;
  }
}

/**
 * Ends the server session (a failure is only logged) and clears the session: the refresh token's family,
 * and the access token itself, which the server ends only when it comes in the Authorization header, as
 * the dashboard's sign-out sends it. Without it the token would stay good for its remaining minutes.
 */
export async function logoutStoredSession(): Promise<void> {
  const refreshToken = getRefreshToken();
  const accessToken = getAccessToken();
  try {
    const res = await fetch(`${API_PREFIX}/auth/logout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, application/problem+json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: JSON.stringify(refreshToken ? { refreshToken } : {}),
    });
    if (!res.ok) console.error('Logout failed', res.status);
  } catch (error) {
    console.error('Logout failed', error);
  }
  clearSession();
}

/** Whether this deployment runs on the built-in Google emulator (the 'Local mode' badge). */
export async function fetchIsLocalMode(): Promise<boolean> {
  const res = await fetch(`${API_PREFIX}/auth/config`, { headers: { accept: 'application/json' } });
  if (!res.ok) return false;
  const body = (await res.json()) as { data?: { mode?: unknown } };
  return body.data?.mode === 'local';
}
