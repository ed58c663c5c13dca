// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { needsRecheckAfterSave, trimSheetSettings, validateSheetUrl } from './sheet-settings';

describe('inline sheet settings (spec 000 sections 4 and 5)', () => {
  it('trims both values before saving', () => {
    expect(
      trimSheetSettings({
        googleSheetsUrl: '  https://docs.google.com/spreadsheets/d/abc_DEF-123/edit \n',
        sheetName: '\tRegistrations  ',
      }),
    ).toEqual({
      googleSheetsUrl: 'https://docs.google.com/spreadsheets/d/abc_DEF-123/edit',
      sheetName: 'Registrations',
    });
  });

  it('allows an empty URL and Google spreadsheet URLs', () => {
    expect(validateSheetUrl('')).toEqual({ valid: true });
    expect(validateSheetUrl('   ')).toEqual({ valid: true });
    expect(validateSheetUrl('https://docs.google.com/spreadsheets/d/1AbC-_x/edit#gid=0')).toEqual({
      valid: true,
    });
    expect(validateSheetUrl('  https://docs.google.com/spreadsheets/d/1AbC  ')).toEqual({ valid: true });
  });

  it('rejects anything else with the spec text', () => {
    for (const url of [
      'not a url',
      'http://docs.google.com/spreadsheets/d/abc',
      'https://docs.google.com/document/d/abc',
      'https://docs.google.com/spreadsheets/d/',
      'https://example.com/?u=https://docs.google.com/spreadsheets/d/abc',
    ]) {
      expect(validateSheetUrl(url)).toEqual({ valid: false, message: 'Invalid Google Sheets URL format' });
    }
  });

  it('rechecks after a save only when both values are present', () => {
    expect(needsRecheckAfterSave({ googleSheetsUrl: ' https://x ', sheetName: ' S ' })).toBe(true);
    expect(needsRecheckAfterSave({ googleSheetsUrl: '', sheetName: 'S' })).toBe(false);
    expect(needsRecheckAfterSave({ googleSheetsUrl: 'https://x', sheetName: ' ' })).toBe(false);
  });
});
