import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAuthorizationUrl,
  OAUTH_CALLBACK_MESSAGE_TYPE,
  randomToken,
  readNonceClaim,
  requestIdToken,
} from './google-popup';

const request = {
  authorizationEndpoint: 'http://localhost:3000/__google/o/oauth2/v2/auth',
  clientId: 'sheetforms-local.apps.googleusercontent.com',
  redirectUri: 'http://localhost:3000/oauth-callback.html',
  scopes: ['openid', 'email', 'profile'],
  nonce: 'nonce-1',
  state: 'state-1',
};

function fakeIdToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'RS256' })}.${encode(claims)}.signature`;
}

function fakePopup() {
  return { closed: false, close: vi.fn(), location: { href: 'about:blank' } };
}

function postCallback(params: Record<string, string>, origin = window.location.origin) {
  window.dispatchEvent(
    new MessageEvent('message', { origin, data: { type: OAUTH_CALLBACK_MESSAGE_TYPE, params } }),
  );
}

describe('buildAuthorizationUrl', () => {
  it('asks for an ID token with the client id, redirect URI, scopes, nonce, state and account chooser', () => {
    const url = new URL(buildAuthorizationUrl(request));

    expect(`${url.origin}${url.pathname}`).toBe(request.authorizationEndpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'nonce-1',
      state: 'state-1',
      prompt: 'select_account',
    });
    expect(url.search).toContain('&scope=openid%20email%20profile&');
  });
});

describe('randomToken', () => {
  it('returns a different hex string each time', () => {
    const first = randomToken();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(randomToken()).not.toBe(first);
  });
});

describe('readNonceClaim', () => {
  it('reads the nonce claim of an ID token and tolerates garbage', () => {
    expect(readNonceClaim(fakeIdToken({ nonce: 'n' }))).toBe('n');
    expect(readNonceClaim('not-a-jwt')).toBeUndefined();
  });
});

describe('requestIdToken', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('points the popup at the provider and resolves with the ID token of a matching callback', async () => {
    const popup = fakePopup();
    const idToken = fakeIdToken({ nonce: 'nonce-1' });
    const pending = requestIdToken(popup as unknown as Window, request);

    expect(popup.location.href).toBe(buildAuthorizationUrl(request));
    postCallback({ id_token: 'ignored', state: 'state-1' }, 'https://evil.example');
    postCallback({ id_token: idToken, state: 'state-1' });

    await expect(pending).resolves.toBe(idToken);
    expect(popup.close).toHaveBeenCalled();
  });

  it('rejects a callback whose state does not match', async () => {
    const pending = requestIdToken(fakePopup() as unknown as Window, request);
    postCallback({ id_token: fakeIdToken({}), state: 'other-state' });

    await expect(pending).rejects.toThrow(
      'The sign-in response did not match this request. Please try again.',
    );
  });

  it('rejects an ID token minted for another nonce', async () => {
    const pending = requestIdToken(fakePopup() as unknown as Window, request);
    postCallback({ id_token: fakeIdToken({ nonce: 'someone-else' }), state: 'state-1' });

    await expect(pending).rejects.toThrow('did not match');
  });

  it('rejects access_denied as a cancelled sign-in', async () => {
    const pending = requestIdToken(fakePopup() as unknown as Window, request);
    postCallback({ error: 'access_denied', state: 'state-1' });

    await expect(pending).rejects.toThrow('Sign-in was cancelled');
  });

  it('rejects when the user closes the popup', async () => {
    const popup = fakePopup();
    const pending = requestIdToken(popup as unknown as Window, request);
    const outcome = pending.catch((error: unknown) => error);

    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1000);

    expect(await outcome).toMatchObject({ message: 'Sign-in was cancelled' });
  });

  it('still takes the callback message that arrives just as the popup closes itself', async () => {
    const popup = fakePopup();
    const idToken = fakeIdToken({ nonce: 'nonce-1' });
    const pending = requestIdToken(popup as unknown as Window, request);

    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    postCallback({ id_token: idToken, state: 'state-1' });

    await expect(pending).resolves.toBe(idToken);
  });
});
