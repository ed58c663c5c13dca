import type { PublicForm } from '@sheetforms/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../app';
import { toast } from '../lib/toast';

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
  act(() => toast.clear());
});

/** The toasts on screen (one region, at most one toast in it). */
function toasts(): string[] {
  const region = screen.getByRole('region', { name: 'Notifications' });
  return [...region.querySelectorAll('.pf-toast')].map((item) => item.textContent ?? '');
}

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
    fetchMock.mockResolvedValueOnce(json(200, { data: form })).mockResolvedValueOnce(
      json(201, {
        data: { responseId: 'r1', syncState: 'pending' },
        message: 'Form submitted successfully!',
      }),
    );
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
    expect(toasts()).toEqual(['Form submitted successfully!']);
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
      .mockResolvedValueOnce(json(201, { data: { responseId: 'r1', syncState: 'pending' } }));
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

  it("says 'Form not found' without a retry that cannot help, and offers one for a server error", async () => {
    fetchMock
      .mockResolvedValueOnce(json(404, { code: 'FORM_NOT_FOUND', detail: 'Form not found' }))
      .mockResolvedValueOnce(json(503, { code: 'UNAVAILABLE', detail: 'Service unavailable' }));
    const { unmount } = render(<PublicApp />);
    expect(await screen.findByText('Form not found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();

    render(<PublicApp />);
    expect(await screen.findByText('Service unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says so when the form is not accepting responses', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { ...form, acceptingResponses: false } }));
    render(<PublicApp />);
    expect(await screen.findByText('This form is not accepting responses right now')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Form' })).toBeNull();
  });
});

describe('after a stored submission', () => {
  it('thanks the respondent whatever the sheet: no polling of its sync, no warning', async () => {
    // A form without a sheet: the write stays pending (the owner sees it in Manage Forms and Responses).
    fetchMock
      .mockResolvedValueOnce(json(200, { data: form }))
      .mockResolvedValueOnce(json(201, { data: { responseId: 'r1', syncState: 'pending' } }));
    render(<PublicApp />);
    fireEvent.change(await findField('Full Name'), { target: { value: 'Ada' } });
    fireEvent.change(getField('Email'), { target: { value: 'ada@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    // Long enough for any polling the page would do (it used to look again every 400 ms).
    await act(() => new Promise((resolve) => setTimeout(resolve, 1000)));
    expect(toasts()).toEqual(['Form submitted successfully!']);
    expect(screen.queryByText(/Google Sheet/)).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls.some((call) => String(call[0]).includes('sync-status'))).toBe(false);
  });
});

describe('toasts on the respondent pages', () => {
  it('show one at a time: the success replaces the earlier failure, which never reaches the thank-you', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { data: form }))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(json(400, { code: 'BAD_REQUEST', detail: 'Request refused' }))
      .mockResolvedValueOnce(json(201, { data: { responseId: 'r1', syncState: 'pending' } }));
    render(<PublicApp />);
    fireEvent.change(await findField('Full Name'), { target: { value: 'Ada' } });
    fireEvent.change(getField('Email'), { target: { value: 'ada@example.org' } });
    const submit = screen.getByRole('button', { name: 'Submit Form' });
    await act(async () => fireEvent.click(submit));
    expect(toasts()).toEqual(['Failed to submit form']);
    await act(async () => fireEvent.click(submit));
    expect(toasts()).toEqual(['Request refused']);
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeTruthy();
    expect(toasts()).toEqual(['Form submitted successfully!']);
  });

  it("keeps a field's refusal inline, not in a toast", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form })).mockResolvedValueOnce(
      json(400, {
        code: 'VALIDATION_FAILED',
        detail: 'Email must be a valid email',
        errors: [{ path: 'response.Email', message: 'Email must be a valid email' }],
      }),
    );
    render(<PublicApp />);
    fireEvent.change(await findField('Full Name'), { target: { value: 'Ada' } });
    fireEvent.change(getField('Email'), { target: { value: 'ada@example.org' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Form' })));
    expect(await screen.findByText('Email must be a valid email')).toBeTruthy();
    expect(getField('Email').getAttribute('aria-invalid')).toBe('true');
    expect(toasts()).toEqual([]);
  });

  it('are cleared when the page state changes', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(json(200, { data: form }));
    render(<PublicApp />);
    expect(await screen.findByRole('heading', { name: 'Failed to load form' })).toBeTruthy();
    act(() => toast.error('Something about the failed load'));
    expect(toasts()).toEqual(['Something about the failed load']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Event Registration' })).toBeTruthy();
    expect(toasts()).toEqual([]);
  });

  it("keep what came with the navigation here (the login page's 'Login successful!') when the form first loads", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form }));
    act(() => toast.success('Login successful!'));
    render(<PublicApp />);
    await findField('Full Name');
    expect(toasts()).toEqual(['Login successful!']);
  });

  it('are cleared by going back or forward', async () => {
    // A fresh reply per request: a Response's body can be read once.
    fetchMock.mockImplementation(async () => json(200, { data: form }));
    render(<PublicApp />);
    await findField('Full Name');
    act(() => toast.error('Failed to submit form'));
    expect(toasts()).toEqual(['Failed to submit form']);
    act(() => {
      window.history.pushState(null, '', '/form/other1');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(toasts()).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Registration' })).toBeTruthy();
  });

  it('sit in the flow above the card, so they push it down instead of covering it', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: form }));
    render(<PublicApp />);
    await findField('Full Name');
    const region = screen.getByRole('region', { name: 'Notifications' });
    const card = document.querySelector('main');
    if (!card) throw new Error('no card');
    // Before the card in the document, and not taken out of the flow (fixed or absolute).
    expect(region.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(region.className).toContain('sticky');
    expect(region.className).not.toMatch(/\b(fixed|absolute)\b/);
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
