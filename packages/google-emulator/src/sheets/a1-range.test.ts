import { describe, expect, it } from 'vitest';
import { columnIndex, columnLetters, formatA1, parseA1, quoteSheetName } from './a1-range.js';

describe('parseA1', () => {
  it('reads quoted sheet names with doubled apostrophes', () => {
    expect(parseA1("'Bob''s'!1:1")).toEqual({
      kind: 'sheet',
      sheetName: "Bob's",
      bounds: { startRow: 0, startCol: 0, endRow: 0, endCol: undefined },
    });
    expect(parseA1("'My Sheet'!A1:Z6")).toEqual({
      kind: 'sheet',
      sheetName: 'My Sheet',
      bounds: { startRow: 0, startCol: 0, endRow: 5, endCol: 25 },
    });
    expect(parseA1("'My Sheet'")).toEqual({ kind: 'sheet', sheetName: 'My Sheet', bounds: undefined });
  });

  it('reads whole rows, whole columns, A2:Z6 and open-ended A2:F', () => {
    expect(parseA1('Sheet1!2:3')).toMatchObject({
      bounds: { startRow: 1, endRow: 2, startCol: 0, endCol: undefined },
    });
    expect(parseA1('Sheet1!B:C')).toMatchObject({
      bounds: { startRow: 0, endRow: undefined, startCol: 1, endCol: 2 },
    });
    expect(parseA1('Sheet1!A2:Z6')).toMatchObject({
      bounds: { startRow: 1, endRow: 5, startCol: 0, endCol: 25 },
    });
    expect(parseA1('Sheet1!A2:F')).toMatchObject({
      bounds: { startRow: 1, endRow: undefined, startCol: 0, endCol: 5 },
    });
    expect(parseA1('Sheet1!$B$2:a1')).toMatchObject({
      bounds: { startRow: 0, endRow: 1, startCol: 0, endCol: 1 },
    });
  });

  it('keeps a bare word for the caller to resolve as a sheet name or cells of the first sheet', () => {
    expect(parseA1('Responses')).toEqual({ kind: 'bare', text: 'Responses', bounds: undefined });
    expect(parseA1('A1:B2')).toEqual({
      kind: 'bare',
      text: 'A1:B2',
      bounds: { startRow: 0, startCol: 0, endRow: 1, endCol: 1 },
    });
  });

  it('refuses what Google cannot parse', () => {
    for (const text of [
      '',
      "'unclosed!A1",
      "''!A1",
      'Sheet1!',
      'Sheet1!A1:B2:C3',
      'Sheet1!A0',
      'Sheet1!1A',
      "'a'b!A1",
      'Sheet1!AAAA1',
    ]) {
      expect(parseA1(text), text).toBeUndefined();
    }
  });
});

describe('column letters and formatting', () => {
  it('converts between letters and indexes', () => {
    expect(columnIndex('A')).toBe(0);
    expect(columnIndex('Z')).toBe(25);
    expect(columnIndex('AA')).toBe(26);
    expect(columnLetters(701)).toBe('ZZ');
    expect(columnLetters(702)).toBe('AAA');
  });

  it('quotes sheet names as Google writes them back', () => {
    expect(quoteSheetName('Sheet1')).toBe('Sheet1');
    expect(quoteSheetName('My Sheet')).toBe("'My Sheet'");
    expect(quoteSheetName("Bob's")).toBe("'Bob''s'");
    expect(quoteSheetName('A1')).toBe("'A1'");
    expect(formatA1('Sheet1', { startRow: 0, startCol: 0, endRow: 0, endCol: 0 })).toBe('Sheet1!A1');
    expect(formatA1('My Sheet', { startRow: 3, startCol: 0, endRow: 4, endCol: 3 })).toBe("'My Sheet'!A4:D5");
  });
});
