import { describe, expect, it } from 'vitest';
import {
  clearSession,
  getStoredUser,
  isSafeRedirectPath,
  rememberRedirectAfterLogin,
  setStoredUser,
  takeRedirectAfterLogin,
} from './storage';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'Admin' as const };

describe('session storage', () => {
  it('stores the user as JSON under "user" and reads it back', () => {
    setStoredUser(ada);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ada);
    expect(getStoredUser()).toEqual(ada);
  });

  it('removes an unreadable stored user', () => {
    localStorage.setItem('user', '{not json');
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("clears accessToken, refreshToken, user and the owner's Google token, and nothing else", () => {
    for (const key of ['accessToken', 'refreshToken', 'user', 'googleToken', 'cookieConsent'])
      localStorage.setItem(key, 'x');
    clearSession();
    expect(Object.keys(localStorage)).toEqual(['cookieConsent']);
  });
});

describe('redirect after login', () => {
  it('remembers a same-site path once', () => {
    rememberRedirectAfterLogin('/dashboard/chat?x=1');
    expect(takeRedirectAfterLogin()).toBe('/dashboard/chat?x=1');
    expect(takeRedirectAfterLogin()).toBeNull();
  });

  it('refuses paths that would leave the site', () => {
    expect(isSafeRedirectPath('//evil.example')).toBe(false);
    expect(isSafeRedirectPath('/\\evil.example')).toBe(false);
    expect(isSafeRedirectPath('https://evil.example')).toBe(false);
    sessionStorage.setItem('redirectAfterLogin', '//evil.example');
    expect(takeRedirectAfterLogin()).toBeNull();
  });
});
