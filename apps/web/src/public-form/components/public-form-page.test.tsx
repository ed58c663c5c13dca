import type { PublicForm } from '@sheetforms/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../app';

const form: PublicForm = {
  formId: 'abc123',
  name: 'Event Registration',
  description: 'Tell us you are coming.',
  settings: {
    loginRequired: 0,
    signatureEnabled: 0,
    signatureWidth: 400,
    signatureHeight: 200,
    gdprEnabled: 0,
  },
  jdata: [
    { id: 'f1', label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' },
    { id: 'f2', label: 'Email', type: 'email', required: true, placeHolder: '' },
    { id: 'f3', label: 'Guests', type: 'number', required: false, placeHolder: '' },
    { id: 'f4', label: 'Notes', type: 'textarea', required: false, placeHolder: '' },
  ],
  acceptingResponses: true,
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A field by its accessible name (the required star is aria-hidden but part of the label's text). */
function getField(name: string) {
  return screen.getByLabelText(new RegExp(`^${name}\\*?$`));
}
function findField(name: string) {
  return screen.findByLabelText(new RegExp(`^${name}\\*?$`));
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/form/abc123');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function bodyOf(call: unknown[]): Record<string, unknown> {
  return JSON.parse(String((call[1] as RequestInit).body)) as Record<string, unknown>;
}

describe('public form page', () => {
  it('renders fields by type with labels and the required note', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form }));
    render(<PublicApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Registration' })).toBeTruthy();
    expect(screen.getByText('Tell us you are coming.')).toBeTruthy();
    expect(getField('Full Name').getAttribute('type')).toBe('text');
    expect(getField('Email').getAttribute('type')).toBe('email');
    expect(getField('Guests').getAttribute('type')).toBe('number');
    expect(getField('Notes').tagName).toBe('TEXTAREA');
    expect(screen.getByText(/Required fields/).textContent).toBe('* Required fields');
    expect(screen.getByRole('button', { name: 'Submit Form' })).toBeTruthy();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.getAttribute('autocomplete')).toBe('off');
    expect(honeypot?.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('shows required errors tied to their fields, focuses the first, and clears one on edit', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form }));
    render(<PublicApp />);
    await findField('Full Name');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Form' }));

    const name = getField('Full Name');
    expect(screen.getByText('Full Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Full Name is required',
    );
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(name, { target: { value: 'Ada' } });
    expect(screen.queryByText('Full Name is required')).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });

  it('submits once with empty values left out, then thanks the respondent', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { data: form }))
      .mockResolvedValueOnce(
        json(201, {
          data: { responseId: 'r1', syncState: 'pending' },
          message: 'Form submitted successfully!',
        }),
      )
      .mockResolvedValueOnce(json(200, { data: { responseId: 'r1', state: 'synced' } }));
    render(<PublicApp />);
    fireEvent.change(await findField('Full Name'), { target: { value: 'Ada' } });
    fireEvent.change(getField('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.change(getField('Guests'), { target: { value: '' } });
    const submit = screen.getByRole('button', { name: 'Submit Form' });
    await act(async () => {
      fireEvent.click(submit);
      fireEvent.click(submit);
    });

    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(screen.getByText('Your form has been submitted successfully.')).toBeTruthy();
    expect(screen.getByText('Form submitted successfully!')).toBeTruthy();
    expect(screen.getByText('Data saved to Google Sheet!')).toBeTruthy();
    const submits = fetchMock.mock.calls.filter((call) => String(call[0]).endsWith('/submit-form'));
    expect(submits).toHaveLength(1);
    const body = bodyOf(submits[0] as unknown[]);
    expect(body.response).toEqual({ 'Full Name': 'Ada', Email: 'ada@example.org' });
    expect(body.website).toBe('');
    expect(typeof body.idempotencyKey).toBe('string');
    expect(body.consent).toBeUndefined();
  });

  it('sends the stored consent on a GDPR form and removes the respondent token after submit', async () => {
    localStorage.setItem('formUserToken', 'tok');
    localStorage.setItem('gdpr_consent', 'accepted');
    localStorage.setItem('analytics_cookies', 'true');
    localStorage.setItem('marketing_cookies', 'true');
    const gdpr = {
      ...form,
      settings: { ...form.settings, gdprEnabled: 1 as const, loginRequired: 1 as const },
      jdata: [{ id: 'f5', label: 'Full Name', type: 'text' as const, required: false, placeHolder: '' }],
    };
    fetchMock
      .mockResolvedValueOnce(json(200, { data: gdpr }))
      .mockResolvedValueOnce(json(201, { data: { responseId: 'r1', syncState: 'pending' } }))
      .mockResolvedValueOnce(json(200, { data: { responseId: 'r1', state: 'synced' } }));
    render(<PublicApp />);
    fireEvent.change(await findField('Full Name'), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    await screen.findByRole('heading', { name: 'Thank You!' });
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(bodyOf(fetchMock.mock.calls[1] as unknown[])).toMatchObject({
      userToken: 'tok',
      consent: { gdpr_consent: 'accepted', analytics: true, marketing: true },
    });
    expect(localStorage.getItem('formUserToken')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('goes to the login page when a protected form has no token, or answers 401', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { code: 'UNAUTHORIZED', detail: 'Please log in to submit the form' }),
    );
    render(<PublicApp />);
    expect(await screen.findByRole('heading', { name: 'Form Login' })).toBeTruthy();
    expect(window.location.pathname).toBe('/form-login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(
      'http://localhost:3000/form/abc123',
    );
  });

  it("shows 'Failed to load form' with a retry, and 'Missing form ID' without an id", async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(json(200, { data: form }));
    const { unmount } = render(<PublicApp />);
    expect(await screen.findByRole('heading', { name: 'Failed to load form' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Event Registration' })).toBeTruthy();
    unmount();

    window.history.replaceState(null, '', '/form/');
    render(<PublicApp />);
    expect(screen.getByRole('heading', { name: 'Missing form ID' })).toBeTruthy();
  });

  it('says so when the form is not accepting responses', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { ...form, acceptingResponses: false } }));
    render(<PublicApp />);
    expect(await screen.findByText('This form is not accepting responses right now')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Form' })).toBeNull();
  });
});

describe('cookie banner', () => {
  it('shows on a GDPR form with nothing stored and saves custom preferences', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { data: { ...form, settings: { ...form.settings, gdprEnabled: 1 } } }),
    );
    render(<PublicApp />);
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    fireEvent.click(screen.getByRole('button', { name: 'Manage Preferences' }));
    const essential = screen.getByRole('checkbox', { name: /Essential/ }) as HTMLInputElement;
    expect(essential.checked && essential.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /Analytics/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(screen.getByText('Cookie preferences saved!')).toBeTruthy();
    expect(banner.isConnected).toBe(false);
    expect([
      localStorage.getItem('gdpr_consent'),
      localStorage.getItem('analytics_cookies'),
      localStorage.getItem('marketing_cookies'),
    ]).toEqual(['custom', 'true', 'false']);
  });

  it('is hidden when the form has GDPR off', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form }));
    render(<PublicApp />);
    await findField('Full Name');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });
});
