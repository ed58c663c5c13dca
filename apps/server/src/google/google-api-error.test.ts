import { describe, expect, it } from 'vitest';
import { classifyGoogleError, type GoogleRequestTarget, readGoogleErrorBody } from './google-api-error.js';

const classify = (httpStatus: number, body: unknown, target: GoogleRequestTarget = 'spreadsheet') =>
  classifyGoogleError(readGoogleErrorBody(httpStatus, body), target);

const googleError = (code: number, status: string, message = 'whatever Google says today', extra = {}) => ({
  error: { code, message, status, ...extra },
});

describe('classifyGoogleError', () => {
  it('maps a missing spreadsheet to NOT_FOUND', () => {
    expect(classify(404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.'))).toBe('NOT_FOUND');
  });

  it('maps an unshared or private spreadsheet to PERMISSION_DENIED', () => {
    expect(classify(403, googleError(403, 'PERMISSION_DENIED', 'The caller does not have permission'))).toBe(
      'PERMISSION_DENIED',
    );
  });

  it('maps an unparsable range (a missing sheet) to SHEET_NOT_FOUND, only for range calls', () => {
    const body = googleError(400, 'INVALID_ARGUMENT', 'Unable to parse range: Responses!A1:Z6');
    expect(classify(400, body, 'range')).toBe('SHEET_NOT_FOUND');
    expect(classify(400, body, 'batch-update')).toBe('INVALID_REQUEST');
  });

  it('maps quota errors to RATE_LIMITED, including 403s with a rate-limit reason', () => {
    expect(classify(429, googleError(429, 'RESOURCE_EXHAUSTED'))).toBe('RATE_LIMITED');
    expect(classify(429, undefined)).toBe('RATE_LIMITED');
    expect(
      classify(403, { error: { code: 403, message: 'x', errors: [{ reason: 'userRateLimitExceeded' }] } }),
    ).toBe('RATE_LIMITED');
  });

  it('maps 5xx, timeouts and unreadable bodies to UNAVAILABLE', () => {
    expect(classify(500, googleError(500, 'INTERNAL'))).toBe('UNAVAILABLE');
    expect(classify(503, '<html>Service Unavailable</html>')).toBe('UNAVAILABLE');
    expect(classify(502, undefined, 'range')).toBe('UNAVAILABLE');
  });

  it('treats our own rejected credentials as UNAVAILABLE, not as the user sheet’s fault', () => {
    expect(classify(401, googleError(401, 'UNAUTHENTICATED'))).toBe('UNAVAILABLE');
    const badKey = googleError(400, 'INVALID_ARGUMENT', 'API key not valid.', {
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
    });
    expect(classify(400, badKey, 'range')).toBe('UNAVAILABLE');
    expect(classify(400, { error: 'invalid_grant', error_description: 'Invalid JWT' }, 'token')).toBe(
      'UNAVAILABLE',
    );
  });

  it('reads an Office file (FAILED_PRECONDITION) as no Google Sheet there', () => {
    expect(classify(400, googleError(400, 'FAILED_PRECONDITION'), 'range')).toBe('NOT_FOUND');
  });

  it('never reads the message text', () => {
    // Same status, a message that mentions "not found": still the status decides.
    expect(classify(403, googleError(403, 'PERMISSION_DENIED', 'Requested entity was not found.'))).toBe(
      'PERMISSION_DENIED',
    );
  });
});
