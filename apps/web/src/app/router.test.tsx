import type { User } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import { api } from '@/lib/api-client';
import { fakeAdapter, problem } from '@/testing/fake-adapter';
import { routes } from './router';

const originalAdapter = api.defaults.adapter;
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

function renderSignedInAt(path: string) {
  api.defaults.adapter = fakeAdapter(() => ({ status: 404, data: problem(404, 'Not found') }));
  const user: User = { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'User' };
  const auth: AuthContextValue = {
    user,
    isLoading: false,
    isAuthenticated: true,
    startSession: () => {},
    endSession: () => {},
    loggedOut: false,
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
  return router;
}

describe('the dashboard route table', () => {
  it('shows an unknown /dashboard/* path as Not found inside the dashboard layout, with the way back', async () => {
    renderSignedInAt('/dashboard/no-such-page');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByText('There is no page at this address.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Manage Forms' }).getAttribute('href')).toBe(
      '/dashboard/forms',
    );
    // The sidebar is there: the page sits in the layout, not on a bare public 404.
    const sidebar = screen.getByRole('complementary', { name: 'Dashboard' });
    expect(within(sidebar).getByRole('link', { name: 'Forms' })).toBeDefined();
    expect(sidebar.contains(heading)).toBe(false);
  });

  it('takes the way back to Manage Forms from a deeper unknown path', async () => {
    const router = renderSignedInAt('/dashboard/forms/extra/segments');
    (await screen.findByRole('link', { name: 'Back to Manage Forms' })).click();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/forms'));
  });
});
