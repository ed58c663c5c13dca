import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import { useAuth } from '../hooks/use-auth';
import { AuthProvider } from './auth-provider';

const ada = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'Admin' as const };

function AuthProbe() {
  const { user, isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <p>loading</p>;
  return <p>{isAuthenticated ? `signed in as ${user?.name}` : 'signed out'}</p>;
}

function renderProvider() {
  return render(
    <AuthProvider>
      <AuthProbe />
    </AuthProvider>,
  );
}

describe('AuthProvider', () => {
  const originalAdapter = api.defaults.adapter;
  const profileCalls = vi.fn();

  beforeEach(() => {
    profileCalls.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    vi.restoreAllMocks();
  });

  it('removes a stored user that has no token and stays signed out without calling the API', async () => {
    localStorage.setItem('user', JSON.stringify(ada));
    api.defaults.adapter = fakeAdapter((config) => {
      profileCalls(config.url);
      return { status: 200, data: { data: ada } };
    });

    renderProvider();

    expect(await screen.findByText('signed out')).toBeDefined();
    expect(localStorage.getItem('user')).toBeNull();
    expect(profileCalls).not.toHaveBeenCalled();
  });

  it('starts loading, then sets and stores the user from the profile when a token is stored', async () => {
    localStorage.setItem('accessToken', 'access-1');
    api.defaults.adapter = fakeAdapter((config) => {
      profileCalls(config.url, config.headers.get('Authorization'));
      return { status: 200, data: { data: ada } };
    });

    renderProvider();

    expect(screen.getByText('loading')).toBeDefined();
    expect(await screen.findByText('signed in as Ada Lovelace')).toBeDefined();
    expect(profileCalls).toHaveBeenCalledWith('/auth/profile', 'Bearer access-1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ada);
  });

  it('clears accessToken, refreshToken and user when the profile cannot be fetched', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    localStorage.setItem('user', JSON.stringify(ada));
    api.defaults.adapter = fakeAdapter(() => ({ status: 500, data: problem(500, 'Database unavailable') }));

    renderProvider();

    expect(await screen.findByText('signed out')).toBeDefined();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps a chosen logout when a request answered 401 after it (the home page still says Logged out)', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    let listAnswered = false;
    api.defaults.adapter = fakeAdapter((config) => {
      if (config.url === '/auth/profile') return { status: 200, data: { data: ada } };
      listAnswered = true;
      return { status: 401, data: problem(401, 'Missing or invalid access token', 'UNAUTHORIZED') };
    });
    function LogoutProbe() {
      const { isLoading, isAuthenticated, loggedOut, endSession } = useAuth();
      if (isLoading) return <p>loading</p>;
      return (
        <>
          <p>{isAuthenticated ? 'signed in' : loggedOut ? 'logged out' : 'expired'}</p>
          <button
            type="button"
            onClick={() => {
              endSession();
              // A list still refetching as the page leaves: sent without a token, answered 401.
              void api.get('/forms').catch(() => {});
            }}
          >
            Sign out
          </button>
        </>
      );
    }
    render(
      <AuthProvider>
        <LogoutProbe />
      </AuthProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(listAnswered).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('logged out')).toBeDefined();
  });
});
