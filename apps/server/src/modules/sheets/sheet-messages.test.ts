import { describe, expect, it } from 'vitest';
import { accessErrorFor, sharingAdvice, sheetsProblem } from './sheet-messages.js';

describe('sheet messages', () => {
  it('maps every Google error code to a problem status', () => {
    const statuses = (
      [
        'INVALID_URL',
        'NOT_FOUND',
        'PERMISSION_DENIED',
        'SHEET_NOT_FOUND',
        'RATE_LIMITED',
        'UNAVAILABLE',
        'INVALID_REQUEST',
      ] as const
    ).map((code) => {
      const problem = sheetsProblem(code, { sheetName: 'Tab' });
      return [code, problem.status, problem.code];
    });
    expect(statuses).toEqual([
      ['INVALID_URL', 400, 'INVALID_URL'],
      ['NOT_FOUND', 404, 'NOT_FOUND'],
      ['PERMISSION_DENIED', 403, 'PERMISSION_DENIED'],
      ['SHEET_NOT_FOUND', 404, 'SHEET_NOT_FOUND'],
      ['RATE_LIMITED', 429, 'RATE_LIMITED'],
      ['UNAVAILABLE', 503, 'UNAVAILABLE'],
      ['INVALID_REQUEST', 503, 'UNAVAILABLE'],
    ]);
    expect(sheetsProblem('INVALID_URL', {}).detail).toBe('Please enter a valid Google Sheets URL');
    expect(sheetsProblem('SHEET_NOT_FOUND', { sheetName: "Bob's" }).detail).toBe(
      'Sheet "Bob\'s" was not found in this spreadsheet',
    );
  });

  it('tells the user whom to share with', () => {
    expect(sharingAdvice('robot@p.iam.gserviceaccount.com')).toBe(
      'Share the spreadsheet with robot@p.iam.gserviceaccount.com as Editor or make it "Anyone with the link" can edit',
    );
    expect(sharingAdvice(undefined)).toBe('Make the spreadsheet "Anyone with the link" can edit');
  });

  it('reduces failures to the three kinds of spec 000', () => {
    expect(accessErrorFor('NOT_FOUND')).toBe('NOT_FOUND');
    expect(accessErrorFor('INVALID_URL')).toBe('NOT_FOUND');
    expect(accessErrorFor('PERMISSION_DENIED')).toBe('PERMISSION_DENIED');
    for (const code of ['SHEET_NOT_FOUND', 'RATE_LIMITED', 'UNAVAILABLE', 'INVALID_REQUEST'] as const) {
      expect(accessErrorFor(code)).toBe('CHECK_FAILED');
    }
  });
});
