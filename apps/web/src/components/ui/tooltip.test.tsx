import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimpleTooltip, TooltipProvider } from './tooltip';

describe('Tooltip', () => {
  it('shows its hint on keyboard focus and describes the trigger, with or without the app provider', async () => {
    for (const wrap of [
      (node: React.ReactNode) => node,
      (node: React.ReactNode) => <TooltipProvider>{node}</TooltipProvider>,
    ]) {
      const { unmount } = render(
        wrap(
          <SimpleTooltip content="Checks the sheet again">
            <button type="button">Recheck</button>
          </SimpleTooltip>,
        ),
      );
      const trigger = screen.getByRole('button', { name: 'Recheck' });
      fireEvent.focus(trigger);

      const tooltip = await screen.findByRole('tooltip');
      expect(tooltip.textContent).toBe('Checks the sheet again');
      expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
      unmount();
    }
  });
});
