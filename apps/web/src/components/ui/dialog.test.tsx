import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogBody, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './dialog';

function TriggeredDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Open settings</Button>
      </DialogTrigger>
      <DialogContent title="Settings" description="Change how the form behaves.">
        <DialogBody>
          <p>Body text</p>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The way features use it: rendered only while open, closed through state. */
function ControlledDialog() {
  const [open, setOpen] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Copy link</Button>
      {open ? (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent title="Copy Form URL" size="lg" initialFocusRef={saveRef}>
            <DialogBody>
              <input aria-label="Link" readOnly value="https://example.com" />
            </DialogBody>
            <DialogFooter>
              <Button ref={saveRef}>Copy</Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('opens a modal dialog named by its title and described by its description', () => {
    render(<TriggeredDialog />);

    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));

    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Change how the form behaves.',
    );
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeTruthy();
    // Focus moved inside, to the first focusable element.
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    render(<TriggeredDialog />);
    const trigger = screen.getByRole('button', { name: 'Open settings' });
    trigger.focus();
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Settings' });

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('closes with the × button and with a DialogClose in the footer', () => {
    render(<TriggeredDialog />);
    const trigger = screen.getByRole('button', { name: 'Open settings' });

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('focuses the initial focus target, and returns focus to the opener when state closes it', async () => {
    render(<ControlledDialog />);
    const opener = screen.getByRole('button', { name: 'Copy link' });
    opener.focus();
    fireEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Copy Form URL' });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Copy' }));

    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
