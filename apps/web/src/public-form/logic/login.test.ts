// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http';
import { loginErrorMessage, validateLogin } from './login';

describe('validateLogin', () => {
  it('requires an email-shaped email and a password', () => {
    expect(validateLogin({ email: ' ', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'ada@', password: 'x' })).toEqual({ email: 'Please enter a valid email' });
    expect(validateLogin({ email: ' ada@example.org ', password: 'x' })).toEqual({});
  });
});

describe('loginErrorMessage', () => {
  it("shows the server's message, else 'Invalid credentials'", () => {
    expect(loginErrorMessage(new ApiError(401, 'Invalid email or password'))).toBe(
      'Invalid email or password',
    );
    expect(loginErrorMessage(new ApiError(401))).toBe('Invalid credentials');
  });

  it('tells a network error apart from anything else', () => {
    expect(loginErrorMessage(new ApiError(0))).toBe('Network error. Please try again.');
    expect(loginErrorMessage(new Error('boom'))).toBe('Login failed');
  });
});
