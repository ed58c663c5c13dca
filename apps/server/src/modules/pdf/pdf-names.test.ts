import { describe, expect, it } from 'vitest';
import { zipEntryNames } from './zip-entry-names.js';

describe('zipEntryNames', () => {
  it("names each entry '{template name} - {response id}.pdf'", () => {
    expect(zipEntryNames('Certificate', ['a1', 'b2'])).toEqual([
      'Certificate - a1.pdf',
      'Certificate - b2.pdf',
    ]);
  });

  it('keeps names unique (case-insensitively) and free of path characters', () => {
    expect(zipEntryNames('../Report: Q1', ['X', 'x', 'x'])).toEqual([
      '.._Report_ Q1 - X.pdf',
      '.._Report_ Q1 - x (2).pdf',
      '.._Report_ Q1 - x (3).pdf',
    ]);
  });

  it('cuts a long template name so the id survives', () => {
    const [name] = zipEntryNames('N'.repeat(500), ['the-id']);
    expect(name).toMatch(/^N{120} - the-id\.pdf$/);
  });

  it('falls back to a plain name when the template name is blank', () => {
    expect(zipEntryNames('  ', ['id'])).toEqual(['Response - id.pdf']);
  });
});
