/** Constants the specification fixes; the UI and the server read them from here. */
export const API_PREFIX = '/api/v1';
export const API_TIMEOUT_MS = 30_000;
export const TOAST_AUTO_CLOSE_MS = 5_000;
export const COPYRIGHT_YEAR = 2025;

/** Scopes of the sign-in popup: identity only. */
export const SIGN_IN_SCOPES = ['openid', 'email', 'profile'] as const;

/** Scopes of the Google token client used by document templates (spec 001 section 7). */
export const GOOGLE_API_SCOPES = [
  'https://www.googleapis.com/auth/documents.readonly',
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets',
] as const;

/** Browser storage keys of the signed-in session (spec 000 section 3). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  /** The owner's Google access token with its expiry (document templates, Verify with Google). */
  googleToken: 'googleToken',
} as const;
