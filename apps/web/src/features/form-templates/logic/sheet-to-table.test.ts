// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SHEET_IMPORT_LIMITS, sheetValuesToTable as styledTable } from './sheet-to-table';

/** The cells' inline border style is the same everywhere; the tests read the structure. */
const sheetValuesToTable = (values: Parameters<typeof styledTable>[0]) =>
  styledTable(values)
    .replace(/ style="border-collapse: collapse"/g, '')
    .replace(/ style="border: 1pt solid #000000; padding: 5pt"/g, '');

describe('sheetValuesToTable', () => {
  it('makes the first row the header and pads rows Google shortened', () => {
    const values = [['Name', 'Email', 'Score'], ['Ann', 'ann@example.org', '5'], ['{{Full Name}}']];
    expect(sheetValuesToTable(values)).toBe(
      '<table><thead><tr><th>Name</th><th>Email</th><th>Score</th></tr></thead><tbody>' +
        '<tr><td>Ann</td><td>ann@example.org</td><td>5</td></tr>' +
        '<tr><td>{{Full Name}}</td><td></td><td></td></tr>' +
        '</tbody></table>',
    );
  });

  it('escapes cell text and keeps line breaks inside cells', () => {
    expect(sheetValuesToTable([['<b>x</b>'], ['a & b\nline 2'], [3, true]])).toBe(
      '<table><thead><tr><th>&lt;b&gt;x&lt;/b&gt;</th><th></th></tr></thead><tbody>' +
        '<tr><td>a &amp; b<br>line 2</td><td></td></tr><tr><td>3</td><td>true</td></tr></tbody></table>',
    );
  });

  it('answers an empty string for an empty sheet (values absent, as Google sends it)', () => {
    expect(sheetValuesToTable(undefined)).toBe('');
    expect(sheetValuesToTable([])).toBe('');
    expect(sheetValuesToTable([[]])).toBe('');
  });

  it('imports at most the row and column limits', () => {
    const wide = Array.from({ length: SHEET_IMPORT_LIMITS.columns + 5 }, (_, i) => `C${i}`);
    const values = Array.from({ length: SHEET_IMPORT_LIMITS.rows + 10 }, () => wide);
    const html = sheetValuesToTable(values);
    expect(styledTable(values)).toContain('<th style="border: 1pt solid #000000; padding: 5pt">C0</th>');
    expect(html.match(/<tr>/g)).toHaveLength(SHEET_IMPORT_LIMITS.rows);
    expect(html.match(/<th>/g)).toHaveLength(SHEET_IMPORT_LIMITS.columns);
  });
});
