import type { PublicForm } from '@sheetforms/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../app';
import { toast } from '../lib/toast';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
const redirect = encodeURIComponent('http://localhost:3000/form/abc123?src=mail');

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', `/form-login?redirect=${redirect}`);
});

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => toast.clear());
  sessionStorage.clear();
});

function toasts(): string[] {
  const region = screen.getByRole('region', { name: 'Notifications' });
  return [...region.querySelectorAll('.pf-toast')].map((item) => item.textContent ?? '');
}

const protectedForm: PublicForm = {
  formId: 'abc123',
  name: 'Staff Survey',
  description: '',
  settings: {
    loginRequired: 1,
    signatureEnabled: 0,
    signatureWidth: 400,
    signatureHeight: 200,
    gdprEnabled: 0,
  },
  jdata: [{ id: 'f1', label: 'Full Name', type: 'text', required: false, placeHolder: '' }],
  acceptingResponses: true,
};

describe('form login page', () => {
  it('validates email and password with errors tied to the fields', () => {
    render(<PublicApp />);
    expect(screen.getByRole('heading', { name: 'Form Login' })).toBeTruthy();
    expect(screen.getByText('Please login to access the form')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toBe('login-email-error');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs in with the form id of the redirect target, stores the token and goes there', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json(200, {
          data: { token: 'tok', user: { name: 'A', email: 'a@b.co' } },
          message: 'Login successful!',
        }),
      )
      .mockReturnValue(new Promise(() => undefined));
    render(<PublicApp />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login successful!')).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(path).toBe('/api/v1/user/form/login');
    expect((init.headers as Record<string, string>).clientToken).toBe('Bearer abc123');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.co', password: 'secret', formId: 'abc123' });
    expect(localStorage.getItem('formUserToken')).toBe('tok');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/form/abc123?src=mail');
  });

  it("shows the server's message, or the network error", async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { code: 'INVALID_CREDENTIALS', detail: 'Invalid email or password' }))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<PublicApp />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeTruthy();
  });

  it('says what to do about a lost password, and names no form it has not been shown', () => {
    render(<PublicApp />);
    expect(screen.getByText('Forgot your password? Ask the form owner to reset it.')).toBeTruthy();
    expect(screen.queryByTestId('login-form-name')).toBeNull();
  });

  it('names the form it opens when the respondent is sent back to log in from that form', async () => {
    // The token was good for loading the form, then refused at submit (it expired meanwhile).
    localStorage.setItem('formUserToken', 'old');
    window.history.replaceState(null, '', '/form/abc123');
    fetchMock
      .mockResolvedValueOnce(json(200, { data: protectedForm }))
      .mockResolvedValueOnce(
        json(401, { code: 'LOGIN_REQUIRED', detail: 'Please log in to submit the form' }),
      );
    render(<PublicApp />);
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Ada' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Form' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit Form' })));

    expect(await screen.findByRole('heading', { name: 'Form Login' })).toBeTruthy();
    expect(screen.getByText('Please login to access the form')).toBeTruthy();
    expect(screen.getByTestId('login-form-name').textContent).toBe('Sign in to open Staff Survey');
    expect(toasts()).toEqual(['Please log in to submit the form']);
  });

  it("replaces the failed login's error with the success, and does not carry it to the form", async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { code: 'INVALID_CREDENTIALS', detail: 'Invalid email or password' }))
      .mockResolvedValueOnce(json(200, { data: { token: 'tok', user: { name: 'A', email: 'a@b.co' } } }))
      .mockReturnValue(new Promise(() => undefined));
    render(<PublicApp />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'good' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Login' })));
    expect(window.location.pathname).toBe('/form/abc123');
    expect(toasts()).toEqual(['Login successful!']);
  });

  it('goes straight to the redirect when a token is stored', () => {
    localStorage.setItem('formUserToken', 'tok');
    fetchMock.mockReturnValue(new Promise(() => undefined));
    render(<PublicApp />);
    expect(window.location.pathname).toBe('/form/abc123');
  });
});
