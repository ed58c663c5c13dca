import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import { AuthProvider } from '../components/auth-provider';
import { OAUTH_CALLBACK_MESSAGE_TYPE } from '../logic/google-popup';
import { useGoogleSignIn } from './use-google-sign-in';

const ada = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'User' };
const config = {
  mode: 'local',
  googleClientId: 'sheetforms-local.apps.googleusercontent.com',
  authorizationEndpoint: 'http://localhost:3000/__google/o/oauth2/v2/auth',
  scopes: ['openid', 'email', 'profile'],
};

function SignInButton() {
  const { signIn, isSigningIn } = useGoogleSignIn();
  const location = useLocation();
  return (
    <>
      <p>at {location.pathname}</p>
      <button type="button" onClick={() => void signIn()} disabled={isSigningIn}>
        Login with Google
      </button>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SignInButton /> },
      { path: '*', element: <SignInButton /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

function fakePopup() {
  return { closed: false, close: vi.fn(), focus: vi.fn(), location: { href: 'about:blank' } };
}

/** Plays the callback page: posts the fragment back with the state the app sent. */
async function completeSignIn(popup: ReturnType<typeof fakePopup>, params: Record<string, string>) {
  await waitFor(() => expect(popup.location.href).toContain('state='));
  const state = new URL(popup.location.href).searchParams.get('state') ?? '';
  window.dispatchEvent(
    new MessageEvent('message', {
      origin: window.location.origin,
      data: { type: OAUTH_CALLBACK_MESSAGE_TYPE, params: { state, ...params } },
    }),
  );
}

describe('useGoogleSignIn', () => {
  const originalAdapter = api.defaults.adapter;
  let popup: ReturnType<typeof fakePopup>;
  const googleBodies: unknown[] = [];

  beforeEach(() => {
    popup = fakePopup();
    googleBodies.length = 0;
    vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    api.defaults.adapter = originalAdapter;
    vi.restoreAllMocks();
  });

  function serve(googleReply: { status: number; data: unknown }) {
    api.defaults.adapter = fakeAdapter((request) => {
      if (request.url === '/auth/config') return { status: 200, data: { data: config } };
      if (request.url === '/auth/google') {
        googleBodies.push(JSON.parse(String(request.data)));
        return googleReply;
      }
      return { status: 404, data: problem(404, 'Not found') };
    });
  }

  it('exchanges the ID token, stores the session, toasts the server message and opens the forms', async () => {
    serve({
      status: 200,
      data: {
        data: { accessToken: 'a1', refreshToken: 'r1', user: ada },
        message: 'Google sign-in successful',
      },
    });
    renderApp();

    fireEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));
    await completeSignIn(popup, { id_token: 'header.e30.sig' });

    expect(await screen.findByText('at /dashboard/forms')).toBeDefined();
    expect(await screen.findByText('Google sign-in successful')).toBeDefined();
    expect(googleBodies).toEqual([{ idToken: 'header.e30.sig' }]);
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(ada);
    expect(new URL(popup.location.href).searchParams.get('redirect_uri')).toBe(
      `${window.location.origin}/oauth-callback.html`,
    );
  });

  it('goes to the location the route guard remembered', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/dashboard/chat');
    serve({ status: 200, data: { data: { accessToken: 'a1', refreshToken: 'r1', user: ada } } });
    renderApp();

    fireEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));
    await completeSignIn(popup, { id_token: 'header.e30.sig' });

    expect(await screen.findByText('at /dashboard/chat')).toBeDefined();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it("toasts the server's error text when the backend refuses the token", async () => {
    serve({ status: 401, data: problem(401, 'Invalid Google ID token') });
    renderApp();

    fireEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));
    await completeSignIn(popup, { id_token: 'header.e30.sig' });

    expect(await screen.findByText('Invalid Google ID token')).toBeDefined();
    expect(screen.getByText('at /')).toBeDefined();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says so when the user refuses access in the popup', async () => {
    serve({ status: 500, data: problem(500, 'unexpected') });
    renderApp();

    fireEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));
    await completeSignIn(popup, { error: 'access_denied' });

    expect(await screen.findByText('Sign-in was cancelled')).toBeDefined();
    expect(googleBodies).toEqual([]);
  });

  it('says so when the browser blocks the popup', async () => {
    vi.mocked(window.open).mockReturnValue(null);
    serve({ status: 500, data: problem(500, 'unexpected') });
    renderApp();

    fireEvent.click(await screen.findByRole('button', { name: 'Login with Google' }));

    expect(
      await screen.findByText(
        'The sign-in popup was blocked by your browser. Allow pop-ups for this site and try again.',
      ),
    ).toBeDefined();
  });
});
