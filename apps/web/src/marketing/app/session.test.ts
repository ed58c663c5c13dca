import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logoutStoredSession, readStoredAccount } from './session';

describe('readStoredAccount', () => {
  beforeEach(() => localStorage.clear());

  it('is the stored user when an access token is stored too (spec 000 section 4)', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'User' }),
    );
    expect(readStoredAccount()).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('is null without a token, without a user, or with an unreadable user', () => {
    localStorage.setItem('user', JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
    expect(readStoredAccount()).toBeNull();
    localStorage.setItem('accessToken', 'a');
    for (const raw of ['{', 'null', '"ada"', '{"name":"Ada"}', '{"email":""}']) {
      localStorage.setItem('user', raw);
      expect(readStoredAccount(), raw).toBeNull();
    }
    localStorage.removeItem('user');
    expect(readStoredAccount()).toBeNull();
  });

  it('keeps an account without a name (the bar shows the email)', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('user', JSON.stringify({ email: 'ada@example.com', name: 42 }));
    expect(readStoredAccount()).toEqual({ name: '', email: 'ada@example.com' });
  });
});

describe('logoutStoredSession', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ends the access token too: it goes in the Authorization header, as the dashboard sends it', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem('user', JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
    const fetchMock = vi.fn(async () => new Response('{"data":null}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await logoutStoredSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/logout');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
    expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'refresh-1' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });

  it('clears the session when the call fails, and sends no header without a token', async () => {
    localStorage.setItem('refreshToken', 'refresh-1');
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await logoutStoredSession();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
