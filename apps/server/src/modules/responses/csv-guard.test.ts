import { describe, expect, it } from 'vitest';
import { csvRecord, guardCsvCell, quoteCsvField } from './csv-guard.js';

describe('guardCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1', `'\t=1`],
    ['\r=1', `'\r=1`],
  ])('prefixes %j with an apostrophe', (value, guarded) => {
    expect(guardCsvCell(value)).toBe(guarded);
  });

  it.each(['Ada', '', ' =1', "'=1", '1-2', 'a@b.c', '12'])('leaves %j as it is', (value) => {
    expect(guardCsvCell(value)).toBe(value);
  });
});

describe('quoteCsvField', () => {
  it('quotes every field, doubling its quotes', () => {
    expect(quoteCsvField('a,b')).toBe('"a,b"');
    expect(quoteCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvField('one\ntwo')).toBe('"one\ntwo"');
    expect(quoteCsvField('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(quoteCsvField('plain')).toBe('"plain"');
    expect(quoteCsvField('')).toBe('""');
  });

  it('keeps the separators of every locale inside the field', () => {
    // Excel in a semicolon locale would otherwise split `x;=1+1` and run the second half as a formula.
    expect(quoteCsvField('x;=HYPERLINK(A1)')).toBe('"x;=HYPERLINK(A1)"');
    expect(quoteCsvField('x\t=1+1')).toBe('"x\t=1+1"');
    expect(quoteCsvField('x|=1+1')).toBe('"x|=1+1"');
    expect(quoteCsvField('x\u061B=1+1')).toBe('"x\u061B=1+1"');
  });
});

describe('csvRecord', () => {
  it('guards before quoting and ends with CRLF', () => {
    expect(csvRecord(['1', '=cmd|"/c calc"!A0', 'x,y', 'x;=1+1', 'Zoë'])).toBe(
      `"1","'=cmd|""/c calc""!A0","x,y","x;=1+1","Zoë"\r\n`,
    );
  });
});
