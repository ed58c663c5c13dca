import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { downloadErrorMessage } from './download-error';

function failed(data: unknown, status = 503) {
  return new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', undefined, {}, {
    status,
    data,
  } as AxiosResponse);
}

const json = (body: unknown) => new Blob([JSON.stringify(body)], { type: 'application/problem+json' });

describe('downloadErrorMessage', () => {
  it("reads the problem document's detail out of a Blob body", async () => {
    const error = failed(json({ status: 503, detail: 'PDF export needs Chromium (set CHROMIUM_PATH)' }));
    expect(await downloadErrorMessage(error, 'fallback')).toBe(
      'PDF export needs Chromium (set CHROMIUM_PATH)',
    );
  });

  it('reads a message when there is no detail', async () => {
    expect(await downloadErrorMessage(failed(json({ message: 'Template not found' }), 404), 'x')).toBe(
      'Template not found',
    );
  });

  it("falls back to the error's own message for a body that is not JSON", async () => {
    const error = failed(new Blob(['<html>Bad gateway</html>'], { type: 'text/html' }), 502);
    expect(await downloadErrorMessage(error, 'fallback')).toBe('Request failed with status code 502');
  });

  it('reads ordinary object bodies and plain errors like getErrorMessage', async () => {
    expect(await downloadErrorMessage(failed({ detail: 'Form not found' }, 404), 'x')).toBe('Form not found');
    expect(await downloadErrorMessage(new Error('Network Error'), 'x')).toBe('Network Error');
    expect(await downloadErrorMessage('weird', 'fallback')).toBe('fallback');
  });
});
