import type { Role, User } from '@sheetforms/contract';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth';
import { ProtectedRoute } from './protected-route';

function authValue(overrides: Partial<AuthContextValue>): AuthContextValue {
  return {
    user: null,
    isLoading: false,
    isAuthenticated: false,
    startSession: () => {},
    endSession: () => {},
    loggedOut: false,
    ...overrides,
  };
}

function signedInAs(role: Role): AuthContextValue {
  const user: User = { id: 'u1', name: 'Ada', email: 'ada@example.com', role };
  return authValue({ user, isAuthenticated: true });
}

function HomeProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return <p>home page, from {from ? `${from.pathname}${from.search}` : 'nowhere'}</p>;
}

function renderAt(path: string, auth: AuthContextValue, guarded: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomeProbe /> },
      { path: '/dashboard/chat', element: guarded },
    ],
    { initialEntries: [path] },
  );
  const tree = (value: AuthContextValue) => (
    <AuthContext value={value}>
      <RouterProvider router={router} />
    </AuthContext>
  );
  const result = render(tree(auth));
  return { ...result, changeAuth: (value: AuthContextValue) => result.rerender(tree(value)) };
}

describe('ProtectedRoute', () => {
  it('shows a spinner while authentication is loading', () => {
    renderAt(
      '/dashboard/chat',
      authValue({ isLoading: true }),
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    );

    expect(screen.getByRole('status').textContent).toContain('Authenticating...');
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('sends an unauthenticated visitor home and remembers where they were going', async () => {
    renderAt(
      '/dashboard/chat?tab=open',
      authValue({}),
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    );

    expect(await screen.findByText('home page, from /dashboard/chat?tab=open')).toBeDefined();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/dashboard/chat?tab=open');
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('treats a user without a stored token as signed out', async () => {
    const { user } = signedInAs('Admin');
    renderAt(
      '/dashboard/chat',
      authValue({ user, isAuthenticated: false }),
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    );

    expect(await screen.findByText('home page, from /dashboard/chat')).toBeDefined();
  });

  it('remembers the page when the session expires on it', async () => {
    const { changeAuth } = renderAt(
      '/dashboard/chat',
      signedInAs('User'),
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    );
    expect(screen.getByText('secret')).toBeDefined();

    changeAuth(authValue({ loggedOut: false }));

    expect(await screen.findByText('home page, from /dashboard/chat')).toBeDefined();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/dashboard/chat');
  });

  it('does not remember the page a user logged out from', async () => {
    const { changeAuth } = renderAt(
      '/dashboard/chat',
      signedInAs('User'),
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    );

    changeAuth(authValue({ loggedOut: true }));

    expect(await screen.findByText('home page, from nowhere')).toBeDefined();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('renders the page for any signed-in user when no role is required', () => {
    renderAt(
      '/dashboard/chat',
      signedInAs('User'),
      <ProtectedRoute>
        <p>secret</p>
      </ProtectedRoute>,
    );

    expect(screen.getByText('secret')).toBeDefined();
  });

  it('shows Access Denied with the required role when the role does not match', () => {
    renderAt(
      '/dashboard/chat',
      signedInAs('User'),
      <ProtectedRoute roles="Admin">
        <p>secret</p>
      </ProtectedRoute>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeDefined();
    expect(screen.getByText("You don't have permission to access this page.")).toBeDefined();
    expect(screen.getByText('Required role: Admin')).toBeDefined();
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('renders the page when the role matches', () => {
    renderAt(
      '/dashboard/chat',
      signedInAs('Admin'),
      <ProtectedRoute roles="Admin">
        <p>secret</p>
      </ProtectedRoute>,
    );

    expect(screen.getByText('secret')).toBeDefined();
  });

  it('accepts any role of a list and names them all on a mismatch', () => {
    const guarded = (
      <ProtectedRoute roles={['Admin', 'User']}>
        <p>secret</p>
      </ProtectedRoute>
    );
    const { unmount } = renderAt('/dashboard/chat', signedInAs('User'), guarded);
    expect(screen.getByText('secret')).toBeDefined();
    unmount();

    renderAt(
      '/dashboard/chat',
      signedInAs('User'),
      <ProtectedRoute roles={['Admin']}>
        <p>secret</p>
      </ProtectedRoute>,
    );
    expect(screen.getByText('Required role: Admin')).toBeDefined();
  });
});
