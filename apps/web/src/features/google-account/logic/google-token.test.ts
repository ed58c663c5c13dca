import { GOOGLE_TOKEN_VALIDITY_MS } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { clearGoogleToken, GOOGLE_TOKEN_STORAGE_KEY, readGoogleToken, saveGoogleToken } from './google-token';

const NOW = Date.UTC(2026, 0, 1);

describe('google token storage', () => {
  it('keeps a saved token for 30 days, then forgets it', () => {
    const saved = saveGoogleToken('ya29.token', localStorage, NOW);
    expect(saved).toEqual({ accessToken: 'ya29.token', expiresAt: NOW + 2_592_000_000 });
    expect(readGoogleToken(localStorage, NOW + GOOGLE_TOKEN_VALIDITY_MS - 1)).toEqual(saved);

    expect(readGoogleToken(localStorage, NOW + GOOGLE_TOKEN_VALIDITY_MS)).toBeNull();
    expect(localStorage.getItem(GOOGLE_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('clears the token on sign-out', () => {
    saveGoogleToken('ya29.token', localStorage, NOW);
    clearGoogleToken();
    expect(readGoogleToken(localStorage, NOW)).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['no token', JSON.stringify({ expiresAt: NOW + 1000 })],
    ['an expiry that is not a number', JSON.stringify({ accessToken: 'x', expiresAt: 'soon' })],
    ['null', 'null'],
  ])('treats %s as signed out and removes it', (_case, raw) => {
    localStorage.setItem(GOOGLE_TOKEN_STORAGE_KEY, raw);
    expect(readGoogleToken(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(GOOGLE_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
