import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from './footer';
import { TopBar, type TopBarProps } from './top-bar';

const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };

function renderTopBar(overrides: Partial<TopBarProps> = {}) {
  const props: TopBarProps = {
    account: null,
    localMode: false,
    onLogin: vi.fn(),
    isSigningIn: false,
    onLogout: vi.fn(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <TopBar {...props} />
    </MemoryRouter>,
  );
  return props;
}

describe('TopBar', () => {
  it('links Home, Pricing, Contact Us and Chat Support', () => {
    renderTopBar();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    const links = ['Home', 'Pricing', 'Contact Us', 'Chat Support'].map((name) =>
      within(nav).getByRole('link', { name }).getAttribute('href'),
    );

    expect(links).toEqual(['/', '/pricing', '/contact', '/chat-support']);
    expect(within(nav).getByRole('link', { name: 'SheetForms' }).getAttribute('href')).toBe('/');
  });

  it("signed out: offers 'Login with Google' and no account links", () => {
    const props = renderTopBar();

    fireEvent.click(screen.getByRole('button', { name: 'Login with Google' }));

    expect(props.onLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it("signed in: shows the user's name, a Dashboard link and Logout", () => {
    const props = renderTopBar({ account: ada });

    expect(screen.getByTestId('nav-user-name').textContent).toBe('Ada Lovelace');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard/forms');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(props.onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Login with Google' })).toBeNull();
  });

  it('signed in without a name: shows the email', () => {
    renderTopBar({ account: { ...ada, name: '' } });

    expect(screen.getByTestId('nav-user-name').textContent).toBe('ada@example.com');
  });

  it('shows the Local mode badge only in local mode', () => {
    renderTopBar({ localMode: true });
    const badge = screen.getByTestId('local-mode-badge');
    expect(badge.textContent).toBe('Local mode');
    expect(badge.getAttribute('title')).toContain('built-in Google emulator');
  });

  it('has no Local mode badge in Google mode', () => {
    renderTopBar({ localMode: false });
    expect(screen.queryByTestId('local-mode-badge')).toBeNull();
  });

  it('opens the small-screen menu and closes it with Escape', () => {
    renderTopBar();
    const toggle = screen.getByRole('button', { name: 'Main menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('Footer', () => {
  it('carries the 2025 copyright line and the pages', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText('© 2025 SheetForms. All rights reserved.')).toBeDefined();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/pricing', '/contact', '/chat-support']);
  });
});
