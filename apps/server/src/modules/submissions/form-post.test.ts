import { describe, expect, it } from 'vitest';
import { formPostKey, readFormPost } from './form-post.js';

const NAMES = { answerPrefix: 'answer:', nonce: 'submission' };
const NONCE = 'Abc_-0123456789xyzXYZ';

describe('readFormPost', () => {
  it('reads answers by their prefixed names (first value wins), the nonce and the honeypot', () => {
    const body = new URLSearchParams([
      ['answer:Full Name', 'Ada'],
      ['answer:website', 'ada.dev'],
      ['answer:Full Name', 'second'],
      ['website', ''],
      ['submission', NONCE],
      ['other', 'ignored'],
    ]);
    expect(readFormPost(body, NAMES)).toEqual({
      ok: true,
      response: { 'Full Name': 'Ada', website: 'ada.dev' },
      nonce: NONCE,
      website: '',
    });
  });

  it('refuses a missing or foreign nonce and NUL in a name or value', () => {
    expect(readFormPost(new URLSearchParams({ 'answer:a': 'x' }), NAMES)).toMatchObject({ ok: false });
    expect(readFormPost(new URLSearchParams({ submission: 'short' }), NAMES)).toMatchObject({ ok: false });
    expect(readFormPost(new URLSearchParams({ submission: `${NONCE}<` }), NAMES)).toMatchObject({
      ok: false,
    });
    expect(
      readFormPost(new URLSearchParams({ submission: NONCE, 'answer:a': 'x\u0000' }), NAMES),
    ).toMatchObject({ ok: false, detail: 'Text must not contain NUL characters' });
    expect(
      readFormPost(new URLSearchParams({ submission: NONCE, 'answer:\u0000': 'x' }), NAMES),
    ).toMatchObject({ ok: false });
  });
});

describe('readFormPost with choice fields', () => {
  const FIELDS = [
    { label: 'Topics', type: 'checkboxes' as const },
    { label: 'Plan', type: 'radio' as const },
    { label: 'Name', type: 'text' as const },
  ];

  it('collects every ticked box of a checkboxes field, the first value of any other field', () => {
    const body = new URLSearchParams([
      ['submission', NONCE],
      ['answer:Topics', 'Design'],
      ['answer:Name', 'Ada'],
      ['answer:Topics', 'Ops'],
      ['answer:Name', 'second'],
    ]);
    expect(readFormPost(body, NAMES, FIELDS)).toMatchObject({
      ok: true,
      response: { Topics: ['Design', 'Ops'], Name: 'Ada' },
    });
    // Without the form's fields, a repeated name is read as before: its first value.
    expect(readFormPost(body, NAMES)).toMatchObject({ response: { Topics: 'Design', Name: 'Ada' } });
  });

  it('puts the Other text in place of the Other choice; a blank Other text is no answer', () => {
    const body = new URLSearchParams([
      ['submission', NONCE],
      ['answer:Topics', 'Design'],
      ['answer:Topics', '__other__'],
      ['other:Topics', 'Robots'],
      ['answer:Plan', '__other__'],
      ['other:Plan', 'Custom plan'],
    ]);
    expect(readFormPost(body, NAMES, FIELDS)).toMatchObject({
      response: { Topics: ['Design', 'Robots'], Plan: 'Custom plan' },
    });
    const blank = new URLSearchParams([
      ['submission', NONCE],
      ['answer:Topics', '__other__'],
      ['other:Topics', '  '],
      ['answer:Plan', '__other__'],
    ]);
    expect(readFormPost(blank, NAMES, FIELDS)).toMatchObject({ response: { Topics: [], Plan: '' } });
  });

  it('gives the same idempotency key for the same page and ticked boxes', () => {
    const post = (order: string[][]) => {
      const read = readFormPost(
        new URLSearchParams([['submission', NONCE], ...order] as [string, string][]),
        NAMES,
        FIELDS,
      );
      if (!read.ok) throw new Error('not read');
      return formPostKey('f1', read.nonce, read.response);
    };
    const first = post([
      ['answer:Name', 'Ada'],
      ['answer:Topics', 'Design'],
      ['answer:Topics', 'Ops'],
    ]);
    expect(
      post([
        ['answer:Topics', 'Design'],
        ['answer:Topics', 'Ops'],
        ['answer:Name', 'Ada'],
      ]),
    ).toBe(first);
    expect(
      post([
        ['answer:Name', 'Ada'],
        ['answer:Topics', 'Design'],
      ]),
    ).not.toBe(first);
  });
});

describe('formPostKey', () => {
  it('is the same for the same page and answers in any order, and differs otherwise', () => {
    const key = formPostKey('f1', NONCE, { a: '1', b: '2' });
    expect(key).toBe(formPostKey('f1', NONCE, { b: '2', a: '1' }));
    expect(key).toMatch(/^page-[A-Za-z0-9_-]{43}$/);
    expect(key.length).toBeLessThanOrEqual(100);
    expect(formPostKey('f1', NONCE, { a: '1', b: '3' })).not.toBe(key);
    expect(formPostKey('f1', `${NONCE}x`, { a: '1', b: '2' })).not.toBe(key);
    expect(formPostKey('f2', NONCE, { a: '1', b: '2' })).not.toBe(key);
  });
});
