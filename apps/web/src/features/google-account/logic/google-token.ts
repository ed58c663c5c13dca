import { GOOGLE_TOKEN_VALIDITY_MS, STORAGE_KEYS } from '@sheetforms/contract';

/**
 * The owner's Google access token for document templates, kept in localStorage with its expiry (spec
 * 001 sections 3 and 4). The spec keeps it 30 days (section 9) even though Google's token lives about an
 * hour: when Google answers 401 the token is cleared and a new one is asked for silently.
 */
export const GOOGLE_TOKEN_STORAGE_KEY = STORAGE_KEYS.googleToken;

export interface StoredGoogleToken {
  accessToken: string;
  /** Epoch milliseconds after which the token is treated as gone. */
  expiresAt: number;
}

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The stored token, or null when there is none, it has expired or it is unreadable (then it is removed). */
export function readGoogleToken(
  storage: TokenStorage = localStorage,
  now = Date.now(),
): StoredGoogleToken | null {
  const raw = storage.getItem(GOOGLE_TOKEN_STORAGE_KEY);
  if (raw === null) return null;
  const token = parse(raw);
  if (token && token.expiresAt > now) return token;
  storage.removeItem(GOOGLE_TOKEN_STORAGE_KEY);
  return null;
}

export function saveGoogleToken(
  accessToken: string,
  storage: TokenStorage = localStorage,
  now = Date.now(),
): StoredGoogleToken {
  const token = { accessToken, expiresAt: now + GOOGLE_TOKEN_VALIDITY_MS };
  storage.setItem(GOOGLE_TOKEN_STORAGE_KEY, JSON.stringify(token));
  return token;
}

export function clearGoogleToken(storage: TokenStorage = localStorage): void {
  storage.removeItem(GOOGLE_TOKEN_STORAGE_KEY);
}

function parse(raw: string): StoredGoogleToken | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { accessToken, expiresAt } = value as Record<string, unknown>;
    if (typeof accessToken !== 'string' || accessToken === '') return null;
    if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
    return { accessToken, expiresAt };
  } catch {
    return null;
  }
}
