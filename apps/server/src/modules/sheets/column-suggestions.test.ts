import { describe, expect, it } from 'vitest';
import type { CellRule, GridCell } from '../../google/sheets-client.js';
import { mostCommonRule, suggestColumns } from './column-suggestions.js';

const list = (...values: string[]): CellRule => ({
  type: 'ONE_OF_LIST',
  values: values.map((userEnteredValue) => ({ userEnteredValue })),
});
const cell = (value: string, rule?: CellRule): GridCell => (rule ? { value, rule } : { value });

describe('mostCommonRule', () => {
  it('takes the rule on most of the cells that have one, the first met on a tie', () => {
    const sizes = list('S', 'M');
    const colours = list('Red', 'Blue');
    expect(mostCommonRule([undefined, colours, sizes, sizes, undefined])).toEqual(sizes);
    expect(mostCommonRule([colours, sizes])).toEqual(colours);
    // The same rule set twice over is one rule (Google answers a copy per cell).
    expect(mostCommonRule([colours, list('S', 'M'), list('S', 'M')])).toEqual(sizes);
    expect(mostCommonRule([undefined, undefined])).toBeUndefined();
  });

  it('tells rules apart by their values, not only their kind', () => {
    const between = (a: string, b: string): CellRule => ({
      type: 'NUMBER_BETWEEN',
      values: [{ userEnteredValue: a }, { userEnteredValue: b }],
    });
    expect(mostCommonRule([between('1', '5'), between('1', '10'), between('1', '10')])).toEqual(
      between('1', '10'),
    );
  });
});

describe('suggestColumns', () => {
  const size = list('S', 'M', 'L');

  it("follows a column's rule over its data, and its data when it has no rule", () => {
    const suggestions = suggestColumns({
      names: ['Name', 'Size', 'Email'],
      dataRows: [
        [cell('Ann'), cell('S', size), cell('ann@example.com')],
        [cell('Bob'), cell('', size), cell('bob@example.com')],
        [cell(''), cell('', size)],
      ],
      sheetName: 'Orders',
      locale: 'en_US',
    });
    expect(suggestions).toEqual([
      { suggestedType: 'text', typeReason: 'data' },
      { suggestedType: 'dropdown', typeReason: 'rule', options: ['S', 'M', 'L'] },
      { suggestedType: 'email', typeReason: 'data' },
    ]);
  });

  it('gives no suggestion to the columns SheetForms fills in itself, whatever they hold', () => {
    const suggestions = suggestColumns({
      names: ['Timestamp', 'response id', 'Signature', 'Count'],
      dataRows: [[cell('1/15/2026'), cell('1', size), cell('https://x.org/s.png'), cell('3')]],
      sheetName: 'Orders',
      locale: undefined,
    });
    expect(suggestions).toEqual([
      { suggestedType: 'text', typeReason: 'default' },
      { suggestedType: 'text', typeReason: 'default' },
      { suggestedType: 'text', typeReason: 'default' },
      { suggestedType: 'number', typeReason: 'data' },
    ]);
  });

  it("reads dates in the spreadsheet's locale, for rules and for data", () => {
    const after: CellRule = { type: 'DATE_AFTER', values: [{ userEnteredValue: '2/1/2026' }] };
    const input = {
      names: ['Start', 'Seen'],
      dataRows: [[cell('', after), cell('31/1/2026')]],
      sheetName: 'Orders',
    };
    expect(suggestColumns({ ...input, locale: 'en_GB' })).toEqual([
      { suggestedType: 'date', typeReason: 'rule', min: '2026-01-02' },
      { suggestedType: 'date', typeReason: 'data' },
    ]);
    expect(suggestColumns({ ...input, locale: 'en_US' })).toEqual([
      { suggestedType: 'date', typeReason: 'rule', min: '2026-02-01' },
      { suggestedType: 'text', typeReason: 'data' },
    ]);
  });

  it('proposes text with nothing said for a column without values or rules', () => {
    expect(suggestColumns({ names: ['Notes'], dataRows: [], sheetName: 'S', locale: undefined })).toEqual([
      { suggestedType: 'text', typeReason: 'default' },
    ]);
  });
});
