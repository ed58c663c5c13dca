import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UnsavedChangesDialog } from './components/unsaved-changes-dialog';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Page() {
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        Change
      </button>
      <button
        type="button"
        onClick={() => {
          guard.allowLeaving();
          navigate('/done');
        }}
      >
        Save
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="?tab=preview">Same page</Link>
      <UnsavedChangesDialog guard={guard} />
    </>
  );
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/edit', element: <Page /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
      { path: '/done', element: <p>done</p> },
    ],
    { initialEntries: ['/edit'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function beforeUnloadIsHeld(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChangesGuard', () => {
  it('lets the owner leave a page without changes without asking', async () => {
    const router = renderPage();
    expect(beforeUnloadIsHeld()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks before leaving with changes: Stay keeps the page, Leave goes on', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(beforeUnloadIsHeld()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('Your changes to this form will be lost.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/edit');

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('never holds a move within the page, nor the navigation after a save', async () => {
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    expect(router.state.location.search).toBe('?tab=preview');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('done');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
