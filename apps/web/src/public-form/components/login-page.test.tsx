import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../app';

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
});

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

  it('goes straight to the redirect when a token is stored', () => {
    localStorage.setItem('formUserToken', 'tok');
    fetchMock.mockReturnValue(new Promise(() => undefined));
    render(<PublicApp />);
    expect(window.location.pathname).toBe('/form/abc123');
  });
});
