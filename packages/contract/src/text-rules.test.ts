import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  hasNulCharacter,
  NUL_TEXT_MESSAGE,
  UNPAIRED_SURROGATE_MESSAGE,
  unstorableTextProblem,
} from './text-rules.js';

const findNulText = (value: unknown) => findUnstorableText(value)?.path;

describe('hasNulCharacter', () => {
  it('finds NUL anywhere in a string and nothing else', () => {
    expect(hasNulCharacter('a\u0000b')).toBe(true);
    expect(hasNulCharacter('\u0000')).toBe(true);
    expect(hasNulCharacter('plain text, tabs\tand\nnewlines')).toBe(false);
    expect(hasNulCharacter('\\u0000 written out')).toBe(false);
  });
});

describe('findUnstorableText: NUL', () => {
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

describe('unstorableTextProblem', () => {
  it('names NUL and unpaired surrogate halves, and passes every well-formed text', () => {
    expect(unstorableTextProblem('a\u0000')).toBe(NUL_TEXT_MESSAGE);
    expect(unstorableTextProblem('x\ud800y')).toBe(UNPAIRED_SURROGATE_MESSAGE);
    expect(unstorableTextProblem('x\udc00')).toBe(UNPAIRED_SURROGATE_MESSAGE);
    expect(unstorableTextProblem('\ud800')).toBe(UNPAIRED_SURROGATE_MESSAGE);
    expect(unstorableTextProblem('\udc00\ud800')).toBe(UNPAIRED_SURROGATE_MESSAGE);
    expect(unstorableTextProblem('emoji \ud83d\ude00 and é, 日本')).toBeUndefined();
  });

  it('finds an unpaired half in a value or a key, with its path', () => {
    expect(findUnstorableText({ response: { 'Full Name': 'x\ud800y' } })).toEqual({
      path: ['response', 'Full Name'],
      message: UNPAIRED_SURROGATE_MESSAGE,
    });
    expect(findUnstorableText({ response: { '\udfffName': 'Ada' } })?.path).toEqual([
      'response',
      '\udfffName',
    ]);
  });
});

describe('findUnstorableText: a record of strings (route parameters, queries)', () => {
  it('answers what the walk over the same object one level down answers', () => {
    const texts = ['ok', '', 'a\u0000', '\ud800', 'b\udc00c', 'ok too', '\ud83d\ude00'];
    // Every record of up to three of these keys and values, in every order.
    const records: Array<Record<string, string>> = [{}];
    for (const a of texts)
      for (const b of texts) {
        records.push({ [a]: b });
        records.push({ [`k ${a}`]: b, [`${b} v`]: a, last: a + b });
      }
    for (const record of records) {
      const direct = findUnstorableText(record);
      const walked = findUnstorableText({ wrapper: record });
      expect(direct, JSON.stringify(record)).toEqual(
        walked ? { path: walked.path.slice(1), message: walked.message } : undefined,
      );
    }
    // An object holding anything but strings takes the walk.
    expect(findUnstorableText({ a: 'ok', b: ['x\u0000'] })?.path).toEqual(['b', 0]);
    expect(findUnstorableText({ a: 'ok', b: 1, c: 'x\u0000' })?.path).toEqual(['c']);
  });
});
