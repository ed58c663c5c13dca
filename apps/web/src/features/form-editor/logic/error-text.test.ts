// @vitest-environment node
import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { serverMessageOr } from './error-text';

function axiosError(data: unknown) {
  return new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', undefined, {}, {
    data,
    status: 409,
  } as AxiosResponse);
}

describe('serverMessageOr', () => {
  it("prefers the server's detail, then its message", () => {
    expect(serverMessageOr(axiosError({ detail: 'Form not found' }), 'Failed')).toBe('Form not found');
    expect(serverMessageOr(axiosError({ message: 'Nope' }), 'Failed')).toBe('Nope');
  });

  it('falls back to the page text otherwise', () => {
    expect(serverMessageOr(axiosError(undefined), 'Failed to add user')).toBe('Failed to add user');
    expect(serverMessageOr(new Error('boom'), 'Failed to add user')).toBe('Failed to add user');
  });
});
