import { describe, expect, it } from 'vitest';
import { a1Range, columnLetter, firstRowOfRange, quoteSheetName } from './a1-notation.js';

describe('A1 notation', () => {
  it('always quotes sheet names and doubles apostrophes', () => {
    expect(quoteSheetName('Sheet1')).toBe("'Sheet1'");
    expect(quoteSheetName("Bob's Sheet")).toBe("'Bob''s Sheet'");
    expect(quoteSheetName("''")).toBe("''''''");
    expect(a1Range("Bob's Sheet", '1:1')).toBe("'Bob''s Sheet'!1:1");
    expect(a1Range('2024 Q1!')).toBe("'2024 Q1!'");
  });

  it('names columns like Google does', () => {
    expect([1, 26, 27, 52, 702, 703, 18278].map(columnLetter)).toEqual([
      'A',
      'Z',
      'AA',
      'AZ',
      'ZZ',
      'AAA',
      'ZZZ',
    ]);
    expect(() => columnLetter(0)).toThrow(RangeError);
  });

  it('reads the first row of an answered range, quoted names included', () => {
    expect(firstRowOfRange("'My Sheet'!A42:F42")).toBe(42);
    expect(firstRowOfRange("'Bob''s!x'!B7")).toBe(7);
    expect(firstRowOfRange('Sheet1!A5:D6')).toBe(5);
    expect(firstRowOfRange('Sheet1!A:B')).toBeUndefined();
  });
});
