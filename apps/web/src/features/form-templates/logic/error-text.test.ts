// @vitest-environment node
import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { templateErrorText } from './error-text';

describe('templateErrorText', () => {
  it("shows the server's message when it sent one", () => {
    const error = new AxiosError('Request failed with status code 413', 'ERR_BAD_REQUEST', undefined, {}, {
      status: 413,
      data: { detail: 'Template is too large (at most 1 MB of HTML)' },
    } as AxiosResponse);
    expect(templateErrorText(error, 'Failed to add template: ')).toBe(
      'Template is too large (at most 1 MB of HTML)',
    );
  });

  it('otherwise puts the error after the prefix', () => {
    expect(templateErrorText(new AxiosError('Network Error'), 'Failed to delete template: ')).toBe(
      'Failed to delete template: Network Error',
    );
    expect(templateErrorText('???', 'Failed to update template: ')).toBe(
      'Failed to update template: Unknown error',
    );
  });
});
