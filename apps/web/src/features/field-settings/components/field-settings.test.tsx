import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { FieldSettingsValue } from '../logic/field-settings-value';
import { FieldSettings } from './field-settings';

function Harness({
  initial,
  onValue = () => {},
  ...rest
}: {
  initial: FieldSettingsValue;
  onValue?: (value: FieldSettingsValue) => void;
  suggestedRange?: string;
  showErrors?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <FieldSettings
      label="Plan"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
      {...rest}
    />
  );
}

const typeMenu = () => screen.getByRole('combobox', { name: 'Type of Plan' });

describe('FieldSettings', () => {
  it('offers every type by its label, and the placeholder only for free-text types', () => {
    render(<Harness initial={{ type: 'text', placeHolder: 'Enter your plan' }} />);
    expect(
      within(typeMenu())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Text',
      'Email',
      'Number',
      'Date',
      'Long text',
      'Dropdown',
      'Multiple choice',
      'Checkboxes',
      'Checkbox (yes/no)',
      'Time',
      'URL',
      'Phone',
      'Hidden (from the link)',
    ]);
    const placeholder = screen.getByRole('textbox', { name: 'Placeholder of Plan' });
    expect(placeholder).toHaveProperty('value', 'Enter your plan');
    fireEvent.change(placeholder, { target: { value: 'Basic or Pro?' } });
    expect(placeholder).toHaveProperty('value', 'Basic or Pro?');

    fireEvent.change(typeMenu(), { target: { value: 'checkbox' } });
    expect(screen.queryByRole('textbox', { name: 'Placeholder of Plan' })).toBeNull();
  });

  it('edits options one per line, reports a duplicate once the list is left, and keeps them across types', () => {
    const onValue = vi.fn();
    render(<Harness initial={{ type: 'text', placeHolder: '' }} onValue={onValue} />);
    fireEvent.change(typeMenu(), { target: { value: 'radio' } });
    const options = screen.getByRole('textbox', { name: 'Options of Plan' });
    // Nothing is said before the owner has used the list.
    expect(screen.queryByText('Plan: add at least one option')).toBeNull();
    fireEvent.change(options, { target: { value: 'Basic\n Pro \n\nBasic' } });
    expect(screen.getByText('3 options')).toBeTruthy();
    expect(screen.queryByText("The option 'Basic' is listed twice")).toBeNull();
    fireEvent.blur(options);
    expect(screen.getByText("The option 'Basic' is listed twice")).toBeTruthy();
    expect(options.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(options, { target: { value: 'Basic\n Pro \n' } });
    expect(screen.queryByText("The option 'Basic' is listed twice")).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Allow Other for Plan' }));
    expect(onValue).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'radio', options: ['Basic', ' Pro ', ''], allowOther: true }),
    );

    fireEvent.change(typeMenu(), { target: { value: 'dropdown' } });
    expect(screen.getByRole('textbox', { name: 'Options of Plan' })).toHaveProperty(
      'value',
      'Basic\n Pro \n',
    );
    // A dropdown has no 'Other'.
    expect(screen.queryByRole('switch', { name: /Allow Other/ })).toBeNull();
  });

  it('shows every problem at once when asked to (after a refused save)', () => {
    render(<Harness initial={{ type: 'checkboxes', options: [], placeHolder: '' }} showErrors />);
    expect(screen.getByText('Plan: add at least one option')).toBeTruthy();
  });

  it('reads the options from the range the sheet proposed, or from a list typed here', () => {
    const onValue = vi.fn();
    render(
      <Harness
        initial={{
          type: 'dropdown',
          options: ['Basic'],
          optionsFrom: { range: 'Lists!A2:A' },
          placeHolder: '',
        }}
        suggestedRange="Lists!A2:A"
        onValue={onValue}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Options from the sheet' })).toHaveProperty('checked', true);
    const range = screen.getByRole('textbox', { name: 'Sheet range of Plan' });
    expect(range).toHaveProperty('value', 'Lists!A2:A');
    fireEvent.change(range, { target: { value: 'Lists A2' } });
    fireEvent.blur(range);
    expect(screen.getByText('Enter a range such as Lists!A2:A')).toBeTruthy();
    fireEvent.change(range, { target: { value: "'Plan list'!B2:B" } });
    expect(screen.queryByText('Enter a range such as Lists!A2:A')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Listed here' }));
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ optionsFrom: undefined }));
    expect(screen.getByRole('textbox', { name: 'Options of Plan' })).toHaveProperty('value', 'Basic');
    // Back to the sheet: the range typed before is offered again.
    fireEvent.click(screen.getByRole('radio', { name: 'Options from the sheet' }));
    expect(screen.getByRole('textbox', { name: 'Sheet range of Plan' })).toHaveProperty(
      'value',
      "'Plan list'!B2:B",
    );
  });

  it('offers no range without a proposal from the sheet', () => {
    render(<Harness initial={{ type: 'dropdown', options: ['Basic'], placeHolder: '' }} />);
    expect(screen.queryByRole('radio', { name: 'Options from the sheet' })).toBeNull();
  });

  it('bounds a number with numbers and a date with days, and says when the minimum is above the maximum', () => {
    const onValue = vi.fn();
    render(<Harness initial={{ type: 'number', placeHolder: '' }} onValue={onValue} />);
    const min = screen.getByRole('spinbutton', { name: 'Minimum of Plan' });
    fireEvent.change(min, { target: { value: '10' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Maximum of Plan' }), {
      target: { value: '2.5' },
    });
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ min: 10, max: 2.5 }));
    fireEvent.blur(min);
    expect(screen.getByText('Plan: the minimum must not be above the maximum')).toBeTruthy();
    fireEvent.change(min, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(expect.objectContaining({ min: undefined, max: 2.5 }));

    fireEvent.change(typeMenu(), { target: { value: 'date' } });
    const from = screen.getByLabelText('Minimum of Plan');
    expect(from.getAttribute('type')).toBe('date');
    expect(from).toHaveProperty('value', '');
    fireEvent.change(from, { target: { value: '2025-06-01' } });
    expect(onValue).toHaveBeenLastCalledWith(
      expect.objectContaining({ type: 'date', min: '2025-06-01', max: undefined }),
    );
  });
});
