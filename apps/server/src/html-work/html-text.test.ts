import { describe, expect, it } from 'vitest';
import { hasPrintableContent } from './html-text.js';

describe('hasPrintableContent', () => {
  it.each([
    ['', false],
    ['   \n ', false],
    ['<p></p><div> </div>', false],
    ['<p>&nbsp;</p><!-- a comment -->', false],
    ['<p>&#160;&#xa0;\u00a0</p>', false],
    ['<p>Hello</p>', true],
    ['{{Full Name}}', true],
    ['<p><img src="data:image/png;base64,AAAA"></p>', true],
    ['<p>&lt;</p>', true],
  ])('%j → %s', (html, expected) => {
    expect(hasPrintableContent(html)).toBe(expected);
  });

  it('reads a million unclosed `<` in linear time (the old pattern took seconds)', () => {
    const started = performance.now();
    expect(hasPrintableContent(`${'<'.repeat(1_000_000)}`)).toBe(true);
    expect(hasPrintableContent(`${'<!--'.repeat(250_000)}`)).toBe(false);
    // A generous bound for a loaded machine; the quadratic version needs minutes.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('hasPrintableContent and signature images', () => {
  it('does not count an image whose picture is a signature the caller has yet to find', () => {
    expect(hasPrintableContent('<img class="sf-signature-0" alt="Signature" />')).toBe(false);
    expect(hasPrintableContent('<p>Signed</p><img class="sf-signature-0" />')).toBe(true);
  });
});
