import type { Role } from '@sheetforms/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DashboardShell, unreadBadgeText } from './dashboard-shell';

function renderShell(role: Role, onSignOut = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/dashboard/forms']}>
      <DashboardShell
        user={{ id: 'u1', name: 'Ada', email: 'ada@example.com', role }}
        localMode
        onSignOut={onSignOut}
      >
        <p>page</p>
      </DashboardShell>
    </MemoryRouter>,
  );
  return onSignOut;
}

describe('DashboardShell', () => {
  it("shows Forms, the user's name and role, and no Chat link to a User", () => {
    renderShell('User');

    expect(screen.getByRole('link', { name: 'Forms' }).getAttribute('href')).toBe('/dashboard/forms');
    expect(screen.queryByRole('link', { name: 'Chat' })).toBeNull();
    expect(screen.getByTestId('user-name').textContent).toBe('Ada');
    expect(screen.getByTestId('user-role').textContent).toBe('User');
    expect(screen.getByTestId('local-mode-badge')).toBeDefined();
  });

  it('shows the Chat link to an Admin', () => {
    renderShell('Admin');

    expect(screen.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/dashboard/chat');
  });

  it('signs out from the sidebar', () => {
    const onSignOut = renderShell('User');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('opens the slide-out menu in the kit drawer, moves focus into it, and closes on Escape, × and a link', async () => {
    renderShell('User');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = await screen.findByRole('dialog', { name: 'SheetForms' });
    expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
    // The wide sidebar is hidden from assistive technology while the menu is open: one Dashboard region.
    const sidebar = screen.getByRole('complementary', { name: 'Dashboard' });
    expect(menu.contains(sidebar)).toBe(true);
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    expect(within(sidebar).getByRole('link', { name: 'Forms' })).toBeDefined();

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(toggle));

    fireEvent.click(toggle);
    fireEvent.click(await screen.findByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(toggle);
    const again = await screen.findByRole('dialog', { name: 'SheetForms' });
    fireEvent.click(within(again).getByRole('link', { name: 'Forms' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('DashboardShell: Messages and Profile', () => {
  function renderWithUnread(role: Role, messagesUnread: number | undefined) {
    render(
      <MemoryRouter initialEntries={['/dashboard/forms']}>
        <DashboardShell
          user={{ id: 'u1', name: 'Ada', email: 'ada@example.com', role }}
          localMode={false}
          onSignOut={vi.fn()}
          messagesUnread={messagesUnread}
        >
          <p>page</p>
        </DashboardShell>
      </MemoryRouter>,
    );
  }

  it("shows an Admin 'Messages' with the unread count, and everyone 'Profile'", () => {
    renderWithUnread('Admin', 3);
    const messages = screen.getByRole('link', { name: 'Messages, 3 unread' });
    expect(messages.getAttribute('href')).toBe('/dashboard/messages');
    expect(screen.getByTestId('messages-unread').textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/dashboard/profile');
  });

  it('shows no count when nothing is unread, and no Messages link to a User', () => {
    renderWithUnread('Admin', 0);
    expect(screen.getByRole('link', { name: 'Messages' })).toBeDefined();
    expect(screen.queryByTestId('messages-unread')).toBeNull();
    cleanup();
    renderWithUnread('User', 5);
    expect(screen.queryByRole('link', { name: /Messages/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Profile' })).toBeDefined();
  });

  it('caps the badge at 99+', () => {
    expect([
      unreadBadgeText(undefined),
      unreadBadgeText(0),
      unreadBadgeText(7),
      unreadBadgeText(120),
    ]).toEqual([undefined, undefined, '7', '99+']);
  });
});
