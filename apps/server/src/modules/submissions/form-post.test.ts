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
