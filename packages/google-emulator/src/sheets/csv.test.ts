import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside quotes', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\nlines"\r\nx,,z')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\nlines'],
      ['x', '', 'z'],
    ]);
  });

  it('ignores a byte-order mark and a final line break, keeps empty fields', () => {
    expect(parseCsv('\ufeffh1,h2\n1,\n')).toEqual([
      ['h1', 'h2'],
      ['1', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('"",x')).toEqual([['', 'x']]);
  });

  it('round-trips through csvLine', () => {
    const fields = ['plain', 'with, comma', 'with "quote"', 'multi\nline', ''];
    expect(parseCsv(csvLine(fields))).toEqual([fields]);
    expect(csvLine(['a', 'b'], true)).toBe('"a","b"');
  });
});
