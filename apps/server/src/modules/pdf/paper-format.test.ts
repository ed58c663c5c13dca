import { describe, expect, it } from 'vitest';
import { paperFormatFor } from './paper-format.js';

describe('paperFormatFor', () => {
  it.each([
    ['en-US,en;q=0.9', 'Letter'],
    ['en-CA', 'Letter'],
    ['es-MX,es;q=0.8', 'Letter'],
    ['fil-PH', 'Letter'],
    ['en_us', 'Letter'],
    ['zh-Hant-US', 'Letter'],
    ['de-DE,de;q=0.9,en-US;q=0.8', 'A4'],
    ['en-GB', 'A4'],
    ['fr-FR', 'A4'],
    ['es-419', 'A4'],
  ])('%s → %s', (header, format) => {
    expect(paperFormatFor(header)).toBe(format);
  });

  it('lets quality values, not the order, decide', () => {
    expect(paperFormatFor('de-DE;q=0.5, en-US;q=0.9')).toBe('Letter');
    expect(paperFormatFor('en-US;q=0, de-DE')).toBe('A4');
  });

  it('reads a language without a region, a missing or a garbage header as A4', () => {
    expect(paperFormatFor('de,en-US;q=0.7')).toBe('A4');
    expect(paperFormatFor('en')).toBe('A4');
    expect(paperFormatFor(undefined)).toBe('A4');
    expect(paperFormatFor('')).toBe('A4');
    expect(paperFormatFor('*')).toBe('A4');
    expect(paperFormatFor(';;;,,,q=abc')).toBe('A4');
  });
});
