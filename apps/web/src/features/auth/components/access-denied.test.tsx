import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessDenied, requiredRolesText, SIGN_IN_FAILED_TEXT } from './access-denied';

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('requiredRolesText', () => {
  it('names one role or lists several', () => {
    expect(requiredRolesText(['Admin'])).toBe('Required role: Admin');
    expect(requiredRolesText(['Admin', 'User'])).toBe('Required roles: Admin, User');
  });
});

describe('AccessDenied', () => {
  it("offers 'Return to Home' (the public home page) and no sign-in to a signed-in user", () => {
    render(<AccessDenied roles={['Admin']} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it("offers 'Sign in' when signed out; the click opens the popup and remembers this page", () => {
    window.history.replaceState(null, '', '/dashboard/chat?tab=1');
    // A blocked popup: the flow cannot start, and the page says so.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<AccessDenied roles={['Admin']} signedOut />);

    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(open).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toMatch(/popup was blocked/);
  });

  it('remembers the refused page so the sign-in comes back to it', () => {
    window.history.replaceState(null, '', '/dashboard/messages');
    const popup = { closed: false, close: vi.fn(), location: { href: '' } } as unknown as Window;
    vi.spyOn(window, 'open').mockReturnValue(popup);
    // The flow's first call fails: the popup is closed again and the failure shown.
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('offline'));
    render(<AccessDenied roles={['Admin']} signedOut />);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/dashboard/messages');
    return vi.waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(SIGN_IN_FAILED_TEXT);
      expect(popup.close).toHaveBeenCalled();
    });
  });
});
