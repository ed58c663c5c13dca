import { RECEIPT_MESSAGES } from '@sheetforms/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toEditorFields } from '../logic/editor-fields';
import { DigestChoice, MAIL_SETTINGS_TEXT, ReceiptSettings } from './mail-settings';

/** The text of the elements aria-describedby names. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const selectedValue = (element: HTMLElement) => (element as HTMLSelectElement).value;

const fields = toEditorFields([
  { id: 'name', label: 'Name', type: 'text' },
  { id: 'work', label: 'Work email', type: 'email' },
  { id: 'home', label: 'Home email', type: 'email' },
  { id: 'gone', label: 'Old email', type: 'email', isRemoved: true },
]);
const templates = [
  { id: 't1', name: 'Confirmation', googleDocsUrl: 'https://docs.google.com/document/d/x', content: '' },
];

describe('ReceiptSettings', () => {
  it('offers only the email fields still on the form, and says a field must be chosen', () => {
    const onChange = vi.fn();
    render(
      <ReceiptSettings
        value={{ enabled: true, emailFieldId: '', templateId: '' }}
        fields={fields}
        templates={templates}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText(MAIL_SETTINGS_TEXT.emailFieldLabel);
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      MAIL_SETTINGS_TEXT.chooseField,
      'Work email',
      'Home email',
    ]);
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(description(select)).toBe(RECEIPT_MESSAGES.emailFieldRequired);
    fireEvent.change(select, { target: { value: 'home' } });
    expect(onChange).toHaveBeenCalledWith({ enabled: true, emailFieldId: 'home', templateId: '' });
  });

  it('attaches a template or nothing, and shows a deleted template as no attachment', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ReceiptSettings
        value={{ enabled: true, emailFieldId: 'work', templateId: '' }}
        fields={fields}
        templates={templates}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText(MAIL_SETTINGS_TEXT.templateLabel);
    expect(selectedValue(select)).toBe('');
    fireEvent.change(select, { target: { value: 't1' } });
    expect(onChange).toHaveBeenCalledWith({ enabled: true, emailFieldId: 'work', templateId: 't1' });
    rerender(
      <ReceiptSettings
        value={{ enabled: true, emailFieldId: 'work', templateId: 'deleted' }}
        fields={fields}
        templates={templates}
        onChange={onChange}
      />,
    );
    expect(selectedValue(screen.getByLabelText(MAIL_SETTINGS_TEXT.templateLabel))).toBe('');
    expect(screen.getByLabelText(MAIL_SETTINGS_TEXT.emailFieldLabel).getAttribute('aria-invalid')).toBe(
      'false',
    );
  });

  it('asks for an email field when the form has none', () => {
    render(
      <ReceiptSettings
        value={{ enabled: true, emailFieldId: '', templateId: '' }}
        fields={fields.filter((field) => field.settings.type !== 'email')}
        templates={[]}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(MAIL_SETTINGS_TEXT.noEmailField);
    expect(screen.queryByLabelText(MAIL_SETTINGS_TEXT.emailFieldLabel)).toBeNull();
  });
});

describe('DigestChoice', () => {
  it('switches between a mail per response and hourly or daily digests', () => {
    const onChange = vi.fn();
    render(<DigestChoice value="instant" onChange={onChange} timeZone="Europe/Berlin" />);
    const select = screen.getByLabelText(MAIL_SETTINGS_TEXT.digestLabel);
    expect(description(select)).toBe(
      'Digests cover each hour or day of your time zone (Europe/Berlin) and list up to 25 responses in full.',
    );
    fireEvent.change(select, { target: { value: 'daily' } });
    expect(onChange).toHaveBeenCalledWith('daily');
  });

  it('says when the saved digest follows another zone until the form is updated', () => {
    render(<DigestChoice value="daily" onChange={vi.fn()} timeZone="Europe/Berlin" savedTimeZone="UTC" />);
    expect(description(screen.getByLabelText(MAIL_SETTINGS_TEXT.digestLabel))).toBe(
      'Digests cover each hour or day of UTC until you update the form, then of your time zone (Europe/Berlin), and list up to 25 responses in full.',
    );
  });
});
