import { describe, expect, it } from 'vitest';
import { findNulText, hasNulCharacter } from './text-rules.js';

describe('hasNulCharacter', () => {
  it('finds NUL anywhere in a string and nothing else', () => {
    expect(hasNulCharacter('a\u0000b')).toBe(true);
    expect(hasNulCharacter('\u0000')).toBe(true);
    expect(hasNulCharacter('plain text, tabs\tand\nnewlines')).toBe(false);
    expect(hasNulCharacter('\\u0000 written out')).toBe(false);
  });
});

describe('findNulText', () => {
  it('answers the path of the first string holding a NUL', () => {
    expect(findNulText({ name: 'ok', jdata: [{ label: 'ok' }, { label: 'x\u0000' }] })).toEqual([
      'jdata',
      1,
      'label',
    ]);
    expect(findNulText('a\u0000')).toEqual([]);
    expect(findNulText(['ok', ['deep', 'de\u0000ep']])).toEqual([1, 1]);
  });

  it('checks object keys too (an answer label is a key)', () => {
    expect(findNulText({ response: { 'Full\u0000Name': 'Ada' } })).toEqual(['response', 'Full\u0000Name']);
  });

  it('answers undefined for clean values of every JSON type', () => {
    expect(findNulText({ a: 1, b: true, c: null, d: [1, 'two', { e: 'three' }] })).toBeUndefined();
    expect(findNulText(undefined)).toBeUndefined();
    expect(findNulText(42)).toBeUndefined();
  });

  it('checks any depth without overflowing the stack', () => {
    let deep: unknown = 'in\u0000side';
    for (let i = 0; i < 20_000; i++) deep = [deep];
    expect(findNulText(deep)).toHaveLength(20_000);
    let clean: unknown = { a: 'clean' };
    for (let i = 0; i < 20_000; i++) clean = { a: clean };
    expect(findNulText(clean)).toBeUndefined();
  });
});
