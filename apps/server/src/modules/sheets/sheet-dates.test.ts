import { describe, expect, it } from 'vitest';
import { dateOrderOf, sheetDateToIso } from './sheet-dates.js';

describe('dateOrderOf', () => {
  it('reads month first for en_US and when Google gives no locale, year first for Japanese, else day first', () => {
    expect(dateOrderOf(undefined)).toBe('MDY');
    expect(dateOrderOf('en_US')).toBe('MDY');
    expect(dateOrderOf('en_GB')).toBe('DMY');
    expect(dateOrderOf('de_DE')).toBe('DMY');
    expect(dateOrderOf('ja_JP')).toBe('YMD');
    expect(dateOrderOf('zh_CN')).toBe('YMD');
  });
});

describe('sheetDateToIso', () => {
  it('reads ISO days everywhere', () => {
    expect(sheetDateToIso('2026-01-15', 'MDY')).toBe('2026-01-15');
    expect(sheetDateToIso(' 2026-1-5 ', 'DMY')).toBe('2026-01-05');
  });

  it("reads a short date in the locale's order", () => {
    expect(sheetDateToIso('1/15/2026', 'MDY')).toBe('2026-01-15');
    expect(sheetDateToIso('15/1/2026', 'DMY')).toBe('2026-01-15');
    expect(sheetDateToIso('15.01.2026', 'DMY')).toBe('2026-01-15');
    expect(sheetDateToIso('2/3/2026', 'MDY')).toBe('2026-02-03');
    expect(sheetDateToIso('2/3/2026', 'DMY')).toBe('2026-03-02');
    expect(sheetDateToIso('2026/01/15', 'YMD')).toBe('2026-01-15');
    expect(sheetDateToIso('2026/01/15', 'MDY')).toBe('2026-01-15');
  });

  it('reads a date typed as =DATE(y, m, d)', () => {
    expect(sheetDateToIso('=DATE(2026,1,15)', 'DMY')).toBe('2026-01-15');
    expect(sheetDateToIso('=date( 2026 ; 12 ; 31 )', 'MDY')).toBe('2026-12-31');
  });

  it('refuses days that do not exist, two-digit years, mixed separators and other text', () => {
    for (const text of [
      '15/1/2026', // month 15 in en_US
      '2/30/2026',
      '2026-02-29',
      '1/15/26',
      '1/15-2026',
      '2026-01-15T10:00',
      '1/15/2026 10:30:00',
      'today',
      '',
      '=TODAY()',
      '46037',
    ]) {
      expect(sheetDateToIso(text, 'MDY'), text).toBeUndefined();
    }
    expect(sheetDateToIso('2024-02-29', 'MDY')).toBe('2024-02-29');
  });
});
