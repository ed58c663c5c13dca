import { describe, expect, it } from 'vitest';
import { suggestionFromData } from './data-suggestion.js';

const suggest = (values: string[], order: 'MDY' | 'DMY' | 'YMD' = 'MDY') => suggestionFromData(values, order);
const typeOf = (values: string[], order: 'MDY' | 'DMY' | 'YMD' = 'MDY') =>
  suggest(values, order).suggestedType;

describe('suggestionFromData', () => {
  it('proposes text, saying nothing, for a column without values', () => {
    expect(suggest([])).toEqual({ suggestedType: 'text', typeReason: 'default' });
    expect(suggest(['', '  '])).toEqual({ suggestedType: 'text', typeReason: 'default' });
  });

  it('proposes email when every value is an email, blanks aside', () => {
    expect(suggest(['ann@example.com', '', ' bob@x.org '])).toEqual({
      suggestedType: 'email',
      typeReason: 'data',
    });
    expect(typeOf(['ann@example.com', 'not an email'])).toBe('text');
    expect(typeOf(['ann@example'])).toBe('text');
  });

  it('proposes number when every value is a plain number', () => {
    expect(suggest(['1', '-2.5', '1,234', '+7', '1,234,567.89'])).toEqual({
      suggestedType: 'number',
      typeReason: 'data',
    });
    for (const values of [['1', 'two'], ['$12.00'], ['45%'], ['1,23'], ['1.2.3'], ['12 345']]) {
      expect(typeOf(values), values.join('|')).not.toBe('number');
    }
  });

  it("proposes date for ISO days and the locale's short dates", () => {
    expect(suggest(['2026-01-15', '1/31/2026', '12/1/2025'])).toEqual({
      suggestedType: 'date',
      typeReason: 'data',
    });
    expect(typeOf(['31/1/2026', '15.01.2026'], 'DMY')).toBe('date');
    expect(typeOf(['31/1/2026'], 'MDY')).toBe('text');
    expect(typeOf(['2026-01-15', 'tomorrow'])).toBe('text');
    expect(typeOf(['1/15/2026 10:30:00'])).toBe('text');
  });

  it('proposes checkbox for TRUE/FALSE columns', () => {
    expect(suggest(['TRUE', 'FALSE', 'true'])).toEqual({ suggestedType: 'checkbox', typeReason: 'data' });
    expect(typeOf(['TRUE', 'maybe'])).toBe('text');
  });

  it('proposes url for http and https addresses only', () => {
    expect(suggest(['https://example.com/a', 'http://x.org'])).toEqual({
      suggestedType: 'url',
      typeReason: 'data',
    });
    expect(typeOf(['https://example.com', 'ftp://example.com'])).toBe('text');
    expect(typeOf(['https://'])).toBe('text');
    expect(typeOf(['https://exa mple.com'])).toBe('text');
  });

  it('proposes a dropdown of a few values repeated, in the order first seen', () => {
    expect(suggest(['VIP', 'Standard', 'VIP', '', 'Student', 'Standard', 'Student'])).toEqual({
      suggestedType: 'dropdown',
      typeReason: 'data',
      options: ['VIP', 'Standard', 'Student'],
    });
    const eight = Array.from({ length: 8 }, (_, i) => `Team ${i}`);
    expect(suggest([...eight, ...eight]).options).toEqual(eight);
  });

  it('does not take a column for a list with too few values, too many kinds or a value seen once', () => {
    expect(typeOf(['Yes', 'No', 'Yes', 'No', 'Yes'])).toBe('text');
    const nine = Array.from({ length: 9 }, (_, i) => `Team ${i}`);
    expect(typeOf([...nine, ...nine])).toBe('text');
    expect(typeOf(['Yes', 'No', 'Yes', 'No', 'Yes', 'Maybe'])).toBe('text');
    expect(typeOf(['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Fay'])).toBe('text');
    const long = 'x'.repeat(201);
    expect(typeOf([long, 'a', long, 'a', long, 'a'])).toBe('text');
  });

  it('prefers the typed reading to a list: repeated numbers and TRUE/FALSE stay number and checkbox', () => {
    expect(typeOf(['1', '2', '1', '2', '1', '2'])).toBe('number');
    expect(typeOf(['TRUE', 'FALSE', 'TRUE', 'FALSE', 'TRUE', 'FALSE'])).toBe('checkbox');
  });

  it('reads long cells in linear time (a sheet cell holds up to 50,000 characters)', () => {
    const nasty = `a@${'b.'.repeat(20_000)}@`;
    const started = performance.now();
    expect(typeOf([nasty, nasty, nasty])).toBe('text');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(typeOf([`a@${'b'.repeat(300)}.org`])).toBe('text');
    expect(typeOf([`https://example.com/${'x'.repeat(2048)}`])).toBe('text');
  });

  it('takes an email as one @ with a dot in the part after it', () => {
    expect(typeOf(['a@b.c', 'first.last+tag@sub.example.co.uk'])).toBe('email');
    for (const value of ['@b.c', 'a@b.', 'a@.c', 'a@@b.c', 'a@b@c.d', 'a b@c.d', 'a@bc']) {
      expect(typeOf([value]), value).not.toBe('email');
    }
  });
});
