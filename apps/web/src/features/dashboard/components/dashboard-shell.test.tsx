import type { Role } from '@sheetforms/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DashboardShell } from './dashboard-shell';

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

  it('opens the slide-out menu, moves focus into it, and closes on Escape and on the overlay', () => {
    renderShell('User');
    const toggle = screen.getByRole('button', { name: 'Open menu' });

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const sidebar = screen.getByRole('complementary', { name: 'Dashboard' });
    expect(sidebar.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('sidebar-overlay'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('sidebar-overlay')).toBeNull();
  });
});
