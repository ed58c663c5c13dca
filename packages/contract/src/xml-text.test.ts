import { describe, expect, it } from 'vitest';
import { withoutXmlForbiddenCharacters } from './xml-text.js';

describe('withoutXmlForbiddenCharacters', () => {
  it('drops C0 controls other than tab, LF and CR, U+FFFE, U+FFFF and unpaired surrogates', () => {
    expect(withoutXmlForbiddenCharacters('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u000Eg\u001Fh')).toBe(
      'abcdefgh',
    );
    expect(withoutXmlForbiddenCharacters('x\uFFFEy\uFFFFz')).toBe('xyz');
    expect(withoutXmlForbiddenCharacters('\uD800lead \uDC00trail \uDBFF')).toBe('lead trail ');
    // A low half before its high half is two unpaired halves.
    expect(withoutXmlForbiddenCharacters('\uDC00\uD800')).toBe('');
  });

  it('keeps tab, LF, CR, pairs of surrogates and every other character', () => {
    const kept = 'tab\tLF\nCR\r Zoë 😀 \u007F\u0085\uFDD0\uFFFD \uD83D\uDE00';
    expect(withoutXmlForbiddenCharacters(kept)).toBe(kept);
    expect(withoutXmlForbiddenCharacters('')).toBe('');
  });
});
