import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import { api, apiClient, getErrorMessage, onSessionExpired, setNavigateHome } from './api-client';

const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'User' };

function bearer(config: InternalAxiosRequestConfig): unknown {
  return config.headers.get('Authorization');
}

function storeSession(accessToken: string, refreshToken: string | null) {
  localStorage.setItem('accessToken', accessToken);
  if (refreshToken) localStorage.setItem('refreshToken', refreshToken);
  localStorage.setItem('user', JSON.stringify(user));
}

describe('api client', () => {
  const originalAdapter = api.defaults.adapter;
  const navigateHome = vi.fn();
  let consoleError: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    navigateHome.mockReset();
    setNavigateHome(navigateHome);
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.pushState({}, '', '/dashboard/forms');
  });

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    consoleError.mockRestore();
    window.history.pushState({}, '', '/');
  });

  it('sends the stored access token and yields the body data and message', async () => {
    storeSession('access-1', 'refresh-1');
    const seen: unknown[] = [];
    api.defaults.adapter = fakeAdapter((config) => {
      seen.push(bearer(config));
      return { status: 200, data: { data: user, message: 'Here you are' } };
    });

    const result = await apiClient.get('/auth/profile');

    expect(result).toEqual({ data: user, message: 'Here you are' });
    expect(seen).toEqual(['Bearer access-1']);
  });

  it('sends no Authorization header without a stored token', async () => {
    const seen: unknown[] = [];
    api.defaults.adapter = fakeAdapter((config) => {
      seen.push(bearer(config));
      return { status: 200, data: { data: null } };
    });

    await apiClient.get('/auth/config');

    expect(seen).toEqual([undefined]);
  });

  it('refreshes once on a 401, stores the new pair and retries the request', async () => {
    storeSession('old-access', 'old-refresh');
    const calls: string[] = [];
    api.defaults.adapter = fakeAdapter((config) => {
      calls.push(`${config.method} ${config.url} ${bearer(config) ?? ''}`.trim());
      if (config.url === '/auth/refresh') {
        expect(JSON.parse(String(config.data))).toEqual({ refreshToken: 'old-refresh' });
        return { status: 200, data: { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } } };
      }
      if (bearer(config) === 'Bearer new-access') return { status: 200, data: { data: user } };
      return { status: 401, data: problem(401, 'Access token expired', 'UNAUTHORIZED') };
    });

    const result = await apiClient.get('/auth/profile');

    expect(result.data).toEqual(user);
    expect(calls).toEqual([
      'get /auth/profile Bearer old-access',
      'post /auth/refresh Bearer old-access',
      'get /auth/profile Bearer new-access',
    ]);
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(navigateHome).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    storeSession('old-access', 'old-refresh');
    let refreshCalls = 0;
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    api.defaults.adapter = fakeAdapter(async (config) => {
      if (config.url === '/auth/refresh') {
        refreshCalls += 1;
        await refreshGate;
        return { status: 200, data: { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } } };
      }
      if (bearer(config) === 'Bearer new-access') return { status: 200, data: { data: config.url } };
      return { status: 401, data: problem(401, 'Access token expired') };
    });

    const pending = Promise.all([
      apiClient.get('/forms'),
      apiClient.get('/auth/profile'),
      apiClient.get('/stats'),
    ]);
    await vi.waitFor(() => expect(refreshCalls).toBe(1));
    releaseRefresh();
    const results = await pending;

    expect(results.map((result) => result.data)).toEqual(['/forms', '/auth/profile', '/stats']);
    expect(refreshCalls).toBe(1);
  });

  it('clears the session and goes home when the refresh fails', async () => {
    storeSession('old-access', 'old-refresh');
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    api.defaults.adapter = fakeAdapter((config) =>
      config.url === '/auth/refresh'
        ? { status: 401, data: problem(401, 'Refresh token revoked') }
        : { status: 401, data: problem(401, 'Access token expired') },
    );

    const failure = apiClient.get('/auth/profile');

    await expect(failure).rejects.toMatchObject({ response: { status: 401 } });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigateHome).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('clears the session without a refresh call when no refresh token is stored', async () => {
    storeSession('old-access', null);
    const urls: string[] = [];
    api.defaults.adapter = fakeAdapter((config) => {
      urls.push(String(config.url));
      return { status: 401, data: problem(401, 'Access token expired') };
    });

    await expect(apiClient.get('/forms')).rejects.toThrow();

    expect(urls).toEqual(['/forms']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigateHome).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the retried request is rejected again', async () => {
    storeSession('old-access', 'old-refresh');
    let refreshCalls = 0;
    api.defaults.adapter = fakeAdapter((config) => {
      if (config.url === '/auth/refresh') {
        refreshCalls += 1;
        return { status: 200, data: { data: { accessToken: 'new-access', refreshToken: 'new-refresh' } } };
      }
      return { status: 401, data: problem(401, 'Account disabled') };
    });

    await expect(apiClient.get('/forms')).rejects.toThrow();

    expect(refreshCalls).toBe(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigateHome).toHaveBeenCalledTimes(1);
  });

  it('does not navigate when the session ends on the home page', async () => {
    window.history.pushState({}, '', '/');
    storeSession('old-access', null);
    api.defaults.adapter = fakeAdapter(() => ({ status: 401, data: problem(401, 'Access token expired') }));

    await expect(apiClient.get('/auth/profile')).rejects.toThrow();

    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(navigateHome).not.toHaveBeenCalled();
  });

  it('neither refreshes nor ends the session for a 401 from /auth/google', async () => {
    storeSession('access-1', 'refresh-1');
    const urls: string[] = [];
    api.defaults.adapter = fakeAdapter((config) => {
      urls.push(String(config.url));
      return { status: 401, data: problem(401, 'Invalid Google ID token') };
    });

    await expect(apiClient.post('/auth/google', { idToken: 'x' })).rejects.toThrow();

    expect(urls).toEqual(['/auth/google']);
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(navigateHome).not.toHaveBeenCalled();
  });

  it('logs every failed call with url, method, status and the server detail, then rethrows it', async () => {
    api.defaults.adapter = fakeAdapter(() => ({ status: 404, data: problem(404, 'Form not found') }));

    await expect(apiClient.delete('/forms/abc')).rejects.toMatchObject({ response: { status: 404 } });

    expect(consoleError).toHaveBeenCalledWith('API request failed', {
      url: '/forms/abc',
      method: 'DELETE',
      status: 404,
      detail: 'Form not found',
    });
  });

  it('logs a generic text when the server sent none', async () => {
    api.defaults.adapter = fakeAdapter(() => ({ status: 502, data: '' }));

    await expect(apiClient.get('/forms')).rejects.toThrow();

    expect(consoleError).toHaveBeenCalledWith('API request failed', {
      url: '/forms',
      method: 'GET',
      status: 502,
      detail: 'Request failed with status code 502',
    });
  });
});

describe('getErrorMessage', () => {
  const originalAdapter = api.defaults.adapter;

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
  });

  async function failWith(status: number, data: unknown): Promise<unknown> {
    api.defaults.adapter = fakeAdapter(() => ({ status, data }));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await apiClient.post('/auth/google', {});
      throw new Error('expected the call to fail');
    } catch (error) {
      return error;
    } finally {
      consoleError.mockRestore();
    }
  }

  it("returns the problem document's detail", async () => {
    const error = await failWith(400, problem(400, 'idToken is required'));
    expect(getErrorMessage(error, 'Google sign-in failed')).toBe('idToken is required');
  });

  it("returns a body's message when there is no detail", async () => {
    const error = await failWith(500, { message: 'Something broke' });
    expect(getErrorMessage(error, 'Google sign-in failed')).toBe('Something broke');
  });

  it("falls back to the thrown error's message, then to the fallback", () => {
    expect(getErrorMessage(new Error('Sign-in was cancelled'), 'Google sign-in failed')).toBe(
      'Sign-in was cancelled',
    );
    expect(getErrorMessage('nope', 'Google sign-in failed')).toBe('Google sign-in failed');
    expect(getErrorMessage(new Error(''), 'Google sign-in failed')).toBe('Google sign-in failed');
  });
});
