import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Drawer, DrawerBody, DrawerContent, DrawerTrigger } from './drawer';

describe('Drawer', () => {
  it('opens a named modal panel, closes on Escape and returns focus to its trigger', async () => {
    render(
      <Drawer>
        <DrawerTrigger asChild>
          <Button>View response</Button>
        </DrawerTrigger>
        <DrawerContent title="Response 12" description="Submitted today">
          <DrawerBody>Answers</DrawerBody>
        </DrawerContent>
      </Drawer>,
    );
    const trigger = screen.getByRole('button', { name: 'View response' });
    trigger.focus();
    fireEvent.click(trigger);

    const panel = screen.getByRole('dialog', { name: 'Response 12' });
    expect(panel.textContent).toContain('Answers');
    expect(panel.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
