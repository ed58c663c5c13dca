import { describe, expect, it } from 'vitest';
import { inputCell, renderCell } from './cells.js';
import { evaluateFormula } from './formula.js';

describe('cells', () => {
  it('keeps RAW strings as text and types USER_ENTERED input as the UI would', () => {
    expect(inputCell('=1+1', 'RAW')).toBe('=1+1');
    expect(inputCell('=1+1', 'USER_ENTERED')).toEqual({ f: '=1+1' });
    expect(inputCell("'=1+1", 'USER_ENTERED')).toBe('=1+1');
    expect(inputCell('0012', 'USER_ENTERED')).toBe(12);
    expect(inputCell('0012', 'RAW')).toBe('0012');
    expect(inputCell('true', 'USER_ENTERED')).toBe(true);
    expect(inputCell('', 'RAW')).toBeNull();
    expect(inputCell(null, 'RAW')).toBeUndefined();
    expect(inputCell({}, 'RAW')).toEqual({ invalid: 'struct_value' });
  });

  it('renders formatted, unformatted and formula values', () => {
    expect(renderCell({ f: '=2*(3+4)' }, 'FORMATTED_VALUE')).toBe('14');
    expect(renderCell({ f: '=2*(3+4)' }, 'UNFORMATTED_VALUE')).toBe(14);
    expect(renderCell({ f: '=2*(3+4)' }, 'FORMULA')).toBe('=2*(3+4)');
    expect(renderCell(1.5, 'FORMATTED_VALUE')).toBe('1.5');
    expect(renderCell(false, 'FORMATTED_VALUE')).toBe('FALSE');
    expect(renderCell(true, 'UNFORMATTED_VALUE')).toBe(true);
    expect(renderCell(0.1 + 0.2, 'FORMATTED_VALUE')).toBe('0.3');
    expect(renderCell(0.1 + 0.2, 'UNFORMATTED_VALUE')).toBe(0.1 + 0.2);
    expect(renderCell(1e21, 'FORMATTED_VALUE')).toBe('1E+21');
    expect(renderCell(-42, 'FORMATTED_VALUE')).toBe('-42');
  });

  it('leaves functions unevaluated (so injected formulas stay inert)', () => {
    expect(evaluateFormula('=IMPORTXML("http://x","//a")')).toBe('#NAME?');
    expect(evaluateFormula('=1/0')).toBe('#DIV/0!');
    expect(evaluateFormula('=2^3-1')).toBe(7);
  });
});
