import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SwitchField } from './switch';

function Setting() {
  const [on, setOn] = useState(false);
  return (
    <SwitchField
      label="Require login"
      description="Only authorized users can open the form."
      checked={on}
      onCheckedChange={setOn}
    />
  );
}

describe('SwitchField', () => {
  it('is a switch named by its label and described by its description, toggled by it and by its label', () => {
    render(<Setting />);
    const toggle = screen.getByRole('switch', { name: 'Require login' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const description = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Only authorized users can open the form.');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByText('Require login'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
