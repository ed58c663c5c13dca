import type { FormField } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosResponse } from 'axios';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as prefillApi from '../api/prefill-link-api';
import { PrefillLinkDialog } from './prefill-link-dialog';

vi.mock('../api/prefill-link-api', () => ({ createPrefillLink: vi.fn() }));
const api = vi.mocked(prefillApi);

const field = (extra: Partial<FormField> & Pick<FormField, 'id' | 'label'>): FormField => ({
  type: 'text',
  required: false,
  placeHolder: '',
  isRemoved: false,
  ...extra,
});

const fields: FormField[] = [
  field({ id: 'name', label: 'Name' }),
  field({ id: 'plan', label: 'Plan', type: 'dropdown', options: ['Basic', 'Pro'] }),
  field({ id: 'extras', label: 'Extras', type: 'checkboxes', options: ['Parking', 'Lunch'] }),
  field({ id: 'guests', label: 'Guests', type: 'number' }),
  field({ id: 'ref', label: 'ref', type: 'hidden' }),
  field({ id: 'old', label: 'Old', isRemoved: true }),
];

function open(hasUnsavedChanges = false) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PrefillLinkDialog formId="abcDEF123456" savedFields={fields} hasUnsavedChanges={hasUnsavedChanges} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Get prefilled link' }));
  return screen.getByRole('dialog', { name: 'Get a prefilled link' });
}

const writeText = vi.fn();
beforeEach(() => {
  vi.resetAllMocks();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('PrefillLinkDialog', { timeout: 20_000 }, () => {
  it('lists the saved fields, hidden ones included, and waits for a value before making a link', () => {
    const dialog = open();
    expect(within(dialog).getByRole('textbox', { name: /^ref/ })).toBeDefined();
    expect(within(dialog).queryByRole('textbox', { name: /^Old/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Get link' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('Fill in at least one field to make a link.')).toBeDefined();
    expect(within(dialog).getByRole('checkbox', { name: 'Lock Name' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ann' } });
    expect(within(dialog).getByRole('checkbox', { name: 'Lock Name' })).toHaveProperty('disabled', false);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Link expires after' }), {
      target: { value: '0' },
    });
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 365')).toBeDefined();
    expect(within(dialog).getByRole('button', { name: 'Get link' })).toHaveProperty('disabled', true);
  });

  it('sends the values with the locked ones and the expiry, then shows the link and copies it', async () => {
    api.createPrefillLink.mockResolvedValue({
      url: 'http://localhost/form/abcDEF123456?plan=Pro&prefill=tok.sig',
      expiresAt: '2026-01-08T00:00:00.000Z',
    });
    writeText.mockResolvedValue(undefined);
    const dialog = open();
    fireEvent.change(within(dialog).getByRole('combobox', { name: /^Plan/ }), { target: { value: 'Pro' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Lunch' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^ref/ }), {
      target: { value: ' newsletter ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Lock ref' }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Link expires after' }), {
      target: { value: '7' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'Prefilled link' });
    expect(link).toHaveProperty('value', 'http://localhost/form/abcDEF123456?plan=Pro&prefill=tok.sig');
    expect(link).toHaveProperty('readOnly', true);
    expect(api.createPrefillLink).toHaveBeenCalledWith('abcDEF123456', {
      values: { plan: 'Pro', extras: ['Lunch'], ref: 'newsletter' },
      locked: ['ref'],
      expiresInDays: 7,
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('http://localhost/form/abcDEF123456?plan=Pro&prefill=tok.sig'),
    );
    expect(await screen.findByText('Link copied to clipboard!')).toBeDefined();

    // A change makes the link stale: it goes until Get link is pressed again.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ann' } });
    expect(within(dialog).queryByRole('textbox', { name: 'Prefilled link' })).toBeNull();
  });

  it("shows the server's message when the link cannot be made", async () => {
    api.createPrefillLink.mockRejectedValue(
      new AxiosError('Request failed with status code 400', 'ERR_BAD_REQUEST', undefined, {}, {
        status: 400,
        data: { code: 'ERROR', detail: 'Guests: enter a number', errors: [] },
      } as AxiosResponse),
    );
    const dialog = open();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Guests/ }), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Guests: enter a number');
    expect(within(dialog).queryByRole('textbox', { name: 'Prefilled link' })).toBeNull();
  });

  it('asks to save first when the editor has unsaved changes', () => {
    const dialog = open(true);
    expect(within(dialog).getByText(/You have unsaved changes/)).toBeDefined();
    expect(within(dialog).queryByRole('button', { name: 'Get link' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /^Name/ })).toBeNull();
  });
});
