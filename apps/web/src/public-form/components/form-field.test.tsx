import type { PublicFormField } from '@sheetforms/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answersFromForm } from '../logic/answers';
import { FormField, type FormFieldProps } from './form-field';

function renderField(field: PublicFormField, props: Partial<FormFieldProps> = {}) {
  const onChange = vi.fn();
  const { container } = render(
    <form>
      <FormField
        field={field}
        index={2}
        defaultValue={undefined}
        error={undefined}
        disabled={false}
        onChange={onChange}
        {...props}
      />
    </form>,
  );
  const form = container.querySelector('form') as HTMLFormElement;
  return { form, onChange, answers: () => answersFromForm([field], new FormData(form)) };
}

const colour: PublicFormField = {
  id: 'c',
  label: 'Colour',
  type: 'radio',
  required: true,
  placeHolder: '',
  options: ['Red', 'A very long option text that goes on and on to test wrapping at narrow widths'],
  allowOther: true,
};
const days: PublicFormField = {
  id: 'd',
  label: 'Days',
  type: 'checkboxes',
  required: false,
  placeHolder: '',
  options: ['Mon', 'Tue'],
  allowOther: true,
};

describe('dropdown', () => {
  const plan: PublicFormField = {
    id: 'p',
    label: 'Plan',
    type: 'dropdown',
    required: false,
    placeHolder: '',
    options: ['Basic', 'Pro'],
  };

  it("is a native select whose first option is the empty 'Select an option'", () => {
    const { answers } = renderField(plan);
    const select = screen.getByRole('combobox', { name: 'Plan' }) as HTMLSelectElement;
    expect(select.id).toBe('field-2');
    expect(select.name).toBe('answer:Plan');
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Select an option'],
      ['Basic', 'Basic'],
      ['Pro', 'Pro'],
    ]);
    expect(answers()).toEqual({ Plan: '' });
    fireEvent.change(select, { target: { value: 'Pro' } });
    expect(answers()).toEqual({ Plan: 'Pro' });
  });

  it('keeps the placeholder off a required dropdown that already has its answer', () => {
    renderField({ ...plan, required: true }, { defaultValue: 'Basic' });
    const select = screen.getByRole('combobox', { name: 'Plan' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['Basic', 'Pro']);
    expect(select.value).toBe('Basic');
    expect(select.getAttribute('aria-required')).toBe('true');
  });
});

describe('radio group', () => {
  it('is a fieldset named by its legend, each option a labelled radio posting its option', () => {
    const { answers, onChange } = renderField(colour);
    const group = screen.getByRole('group', { name: /^Colour ?\(required\)$/ });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => [radio.value, radio.name, radio.required])).toEqual([
      ['Red', 'answer:Colour', true],
      [colour.options?.[1], 'answer:Colour', true],
      ['__other__', 'answer:Colour', true],
    ]);
    expect(radios[0]?.id).toBe('field-2');
    fireEvent.click(screen.getByLabelText('Red'));
    expect(answers()).toEqual({ Colour: 'Red' });
    expect(onChange).toHaveBeenCalledWith('Colour');
  });

  it("ticks Other when its text is typed, and sends the text in Other's place", () => {
    const { answers } = renderField(colour);
    const text = screen.getByLabelText('Other answer') as HTMLInputElement;
    expect(text.name).toBe('other:Colour');
    expect(text.disabled).toBe(false);
    expect(text.getAttribute('aria-required')).toBeNull();
    fireEvent.change(text, { target: { value: 'Teal' } });
    expect((screen.getByLabelText('Other') as HTMLInputElement).checked).toBe(true);
    expect(text.getAttribute('aria-required')).toBe('true');
    expect(answers()).toEqual({ Colour: 'Teal' });
    fireEvent.click(screen.getByLabelText('Red'));
    expect(text.getAttribute('aria-required')).toBeNull();
    expect(answers()).toEqual({ Colour: 'Red' });
  });

  it('ties its error to the fieldset and starts from a refused answer', () => {
    renderField(colour, { error: 'Colour is required', defaultValue: 'Teal' });
    const group = screen.getByRole('group', { name: /^Colour ?\(required\)$/ });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe('field-2-error');
    expect(document.getElementById('field-2-error')?.textContent).toBe('Colour is required');
    expect((screen.getByLabelText('Other') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Other answer') as HTMLInputElement).value).toBe('Teal');
  });
});

describe('checkbox group', () => {
  it('posts its name once per ticked box and is sent as an array with the Other text', () => {
    const { answers } = renderField(days, { defaultValue: 'Tue' });
    const group = screen.getByRole('group', { name: 'Days' });
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => [box.value, box.name, box.checked])).toEqual([
      ['Mon', 'answer:Days', false],
      ['Tue', 'answer:Days', true],
      ['__other__', 'answer:Days', false],
    ]);
    fireEvent.click(boxes[0] as HTMLInputElement);
    fireEvent.change(screen.getByLabelText('Other answer'), { target: { value: 'Sun' } });
    expect(answers()).toEqual({ Days: ['Mon', 'Tue', 'Sun'] });
  });
});

describe('checkbox (yes/no)', () => {
  it("is one checkbox labelled by the field, posting 'Yes' when ticked and nothing when not", () => {
    const field: PublicFormField = {
      id: 'a',
      label: 'I agree to the terms',
      type: 'checkbox',
      required: true,
      placeHolder: '',
    };
    const { answers } = renderField(field, { error: 'I agree to the terms is required' });
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' }) as HTMLInputElement;
    expect([box.id, box.name, box.value, box.required]).toEqual([
      'field-2',
      'answer:I agree to the terms',
      'Yes',
      true,
    ]);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('field-2-error');
    expect(answers()).toEqual({});
    fireEvent.click(box);
    expect(answers()).toEqual({ 'I agree to the terms': 'Yes' });
  });
});

describe('typed inputs', () => {
  it.each([
    [{ type: 'time' }, { type: 'time' }],
    [{ type: 'url' }, { type: 'url', inputmode: 'url', autocomplete: 'url' }],
    [{ type: 'tel' }, { type: 'tel', inputmode: 'tel', autocomplete: 'tel' }],
    [
      { type: 'number', min: 1, max: 10 },
      { type: 'number', inputmode: 'decimal', min: '1', max: '10' },
    ],
    [
      { type: 'date', min: '2026-01-01', max: '2026-12-31' },
      { type: 'date', min: '2026-01-01', max: '2026-12-31' },
    ],
  ] as const)('%o renders as %o', (rules, attributes) => {
    renderField({ id: 'x', label: 'When', required: false, placeHolder: '', ...rules } as PublicFormField);
    const input = screen.getByLabelText('When');
    for (const [name, value] of Object.entries(attributes)) expect(input.getAttribute(name)).toBe(value);
  });
});
