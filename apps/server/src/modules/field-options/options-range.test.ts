import { describe, expect, it } from 'vitest';
import type { SpreadsheetSheetWithGrid } from '../../google/sheets-client.js';
import {
  boundedOptionsRead,
  normalisedOptionsRange,
  OPTIONS_READ_CELLS,
  optionsFromRuleRange,
} from './options-range.js';

const grid = (title: string, rowCount: number, columnCount = 26): SpreadsheetSheetWithGrid => ({
  sheetId: 1,
  title,
  index: 0,
  rowCount,
  columnCount,
});
const sheets = [grid('Lists', 100_000), grid('Plan list', 20, 3), grid('Form', 1000)];

describe('optionsFromRuleRange', () => {
  it('drops the formula sign and the $ anchors, and names the own sheet when the range has none', () => {
    expect(optionsFromRuleRange('=Lists!$A$2:$A', 'Form')).toEqual({ range: 'Lists!A2:A' });
    expect(optionsFromRuleRange(" ='Plan list'!B2:B20", 'Form')).toEqual({ range: "'Plan list'!B2:B20" });
    expect(optionsFromRuleRange('=A2:A', 'Form')).toEqual({ range: "'Form'!A2:A" });
    expect(optionsFromRuleRange('=A2:A', "Bob's")).toEqual({ range: "'Bob''s'!A2:A" });
  });

  it('answers undefined for what is not a plain A1 range', () => {
    for (const formula of [
      '',
      '=',
      '=INDIRECT("A2:A")',
      '=Lists!A2:A;B2',
      '=Lists!',
      `=${'x'.repeat(300)}!A1`,
    ]) {
      expect(optionsFromRuleRange(formula, 'Form'), formula).toBeUndefined();
    }
  });
});

describe('boundedOptionsRead', () => {
  it("reads an open column to at most OPTIONS_READ_CELLS rows, within the sheet's grid", () => {
    expect(OPTIONS_READ_CELLS).toBe(1000);
    expect(boundedOptionsRead('Lists!A2:A', sheets)).toBe("'Lists'!A2:A1001");
    expect(boundedOptionsRead('Lists!A:A', sheets)).toBe("'Lists'!A1:A1000");
    expect(boundedOptionsRead("'Plan list'!B2:B", sheets)).toBe("'Plan list'!B2:B20");
    expect(boundedOptionsRead("'Plan list'!B2:B500", sheets)).toBe("'Plan list'!B2:B20");
  });

  it('keeps a short range as it is, and one cell as one cell', () => {
    expect(boundedOptionsRead('Lists!C5:C9', sheets)).toBe("'Lists'!C5:C9");
    expect(boundedOptionsRead('Lists!C9:C5', sheets)).toBe("'Lists'!C5:C9");
    expect(boundedOptionsRead('Lists!D4', sheets)).toBe("'Lists'!D4:D4");
  });

  it('reads only the first column of a wide range, as a choice field offers it', () => {
    expect(boundedOptionsRead('Lists!A1:J', sheets)).toBe("'Lists'!A1:A1000");
    expect(boundedOptionsRead('Lists!A1:ZZZ9999999', sheets)).toBe("'Lists'!A1:A1000");
    expect(boundedOptionsRead("'Plan list'!B1:Z1", sheets)).toBe("'Plan list'!B1:B1");
  });

  it('reads a range without a sheet name from the first sheet, as Google does', () => {
    expect(boundedOptionsRead('B2:B', [grid('Form', 10), grid('Lists', 100_000)])).toBe("'Form'!B2:B10");
  });

  it('finds the sheet ignoring case, as Google does', () => {
    expect(boundedOptionsRead('lists!A2:A10', sheets)).toBe("'Lists'!A2:A10");
  });

  it('answers undefined for a missing sheet or a range past the grid', () => {
    expect(boundedOptionsRead('Gone!A2:A', sheets)).toBeUndefined();
    expect(boundedOptionsRead("'Plan list'!A21:A30", sheets)).toBeUndefined();
    expect(boundedOptionsRead("'Plan list'!D1:D5", sheets)).toBeUndefined();
    expect(boundedOptionsRead('A2:A', [])).toBeUndefined();
    expect(boundedOptionsRead('Lists!Named', sheets)).toBeUndefined();
  });
});

describe('normalisedOptionsRange', () => {
  it('writes every range one way: first column, at most OPTIONS_READ_CELLS rows, the sheet quoted', () => {
    expect(normalisedOptionsRange('Lists!A2:A')).toBe("'Lists'!A2:A1001");
    expect(normalisedOptionsRange('Lists!A2:ZZZ9999999')).toBe("'Lists'!A2:A1001");
    expect(normalisedOptionsRange("'Plan list'!B5:B2")).toBe("'Plan list'!B2:B5");
    expect(normalisedOptionsRange('C3')).toBe('C3:C3');
    expect(normalisedOptionsRange('Lists!Named')).toBeUndefined();
    expect(normalisedOptionsRange("''!A1")).toBeUndefined();
  });

  it('reads within the grid what it names', () => {
    const read = normalisedOptionsRange('Lists!A2:ZZZ9999999');
    expect(read && boundedOptionsRead(read, sheets)).toBe("'Lists'!A2:A1001");
  });
});
