import { PROFILE_MESSAGES, type User } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '@/features/auth/hooks/use-auth';
import { api } from '@/lib/api-client';
import { type FakeReply, fakeAdapter, problem } from '@/testing/fake-adapter';
import { ProfilePage } from './profile-page';

const originalAdapter = api.defaults.adapter;
const ADA: User = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'Admin',
  createdAt: '2025-03-01T10:00:00.000Z',
};

function renderPage(handler: (config: InternalAxiosRequestConfig) => FakeReply) {
  api.defaults.adapter = fakeAdapter(handler);
  const updateUser = vi.fn();
  const auth: AuthContextValue = {
    user: ADA,
    isLoading: false,
    isAuthenticated: true,
    startSession: vi.fn(),
    endSession: vi.fn(),
    loggedOut: false,
    updateUser,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext value={auth}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
  return updateUser;
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'token');
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('ProfilePage', () => {
  it('shows the name, email, role and member since, and the Google password note with its link', async () => {
    renderPage(() => ({ status: 200, data: { data: ADA } }));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(screen.getByText('ada@example.com')).toBeDefined();
    expect(screen.getByText('Admin')).toBeDefined();
    expect(screen.getByText('Member since').nextElementSibling?.querySelector('time')?.dateTime).toBe(
      ADA.createdAt,
    );
    expect(screen.getByText(PROFILE_MESSAGES.googlePassword)).toBeDefined();
    const link = screen.getByRole('link', { name: 'Open your Google Account' });
    expect(link.getAttribute('href')).toBe(PROFILE_MESSAGES.googleAccountUrl);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(document.querySelector('input[type="password"]')).toBeNull();
  });

  it('saves a new name and hands the updated user to the session', async () => {
    const sent: unknown[] = [];
    const updateUser = renderPage((config) => {
      if (config.method === 'put') {
        const body = JSON.parse(String(config.data)) as { name: string };
        sent.push(body);
        return {
          status: 200,
          data: { data: { ...ADA, name: body.name }, message: PROFILE_MESSAGES.updated },
        };
      }
      return { status: 200, data: { data: ADA } };
    });
    const input = await screen.findByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  Countess Ada ' } });
    fireEvent.click(save);
    await waitFor(() => expect(updateUser).toHaveBeenCalledWith({ ...ADA, name: 'Countess Ada' }));
    expect(sent).toEqual([{ name: 'Countess Ada' }]);
  });

  it('refuses a blank name without calling the server', async () => {
    const calls: string[] = [];
    renderPage((config) => {
      calls.push(String(config.method));
      return { status: 200, data: { data: ADA } };
    });
    const input = await screen.findByLabelText('Name');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual(['get']);
  });

  it('shows why the profile failed to load', async () => {
    renderPage(() => ({ status: 500, data: problem(500, 'Something went wrong on our side.') }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
  });
});
