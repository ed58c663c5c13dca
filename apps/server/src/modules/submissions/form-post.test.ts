import { OPTION_LIMITS, SUBMISSION_LIMITS } from '@sheetforms/contract';
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

  it("keeps answers to fields labelled '__proto__' and 'constructor' as their own keys", () => {
    const body = new URLSearchParams([
      ['answer:__proto__', 'Red'],
      ['answer:__proto__', '__other__'],
      ['other:__proto__', 'Teal'],
      ['answer:constructor', 'Yes'],
      ['submission', NONCE],
    ]);
    const post = readFormPost(body, NAMES, [
      { label: '__proto__', type: 'checkboxes', allowOther: true },
      { label: 'constructor', type: 'radio' },
    ]);
    if (!post.ok) throw new Error(post.detail);
    expect(Object.entries(post.response)).toEqual([
      ['__proto__', ['Red', 'Teal']],
      ['constructor', 'Yes'],
    ]);
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
    { label: 'Topics', type: 'checkboxes' as const, allowOther: true },
    { label: 'Plan', type: 'radio' as const, allowOther: true },
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

describe('readFormPost: Other only where the field offers it', () => {
  it('keeps a literal __other__ as the answer of a field without allowOther, as the JSON API does', () => {
    const fields = [
      { label: 'Name', type: 'text' as const },
      { label: 'Plan', type: 'radio' as const },
      { label: 'Topics', type: 'checkboxes' as const },
      { label: 'Size', type: 'dropdown' as const, allowOther: true },
    ];
    const body = new URLSearchParams([
      ['submission', NONCE],
      ['answer:Name', '__other__'],
      ['other:Name', 'swapped'],
      ['answer:Plan', '__other__'],
      ['other:Plan', 'swapped'],
      ['answer:Topics', '__other__'],
      ['other:Topics', 'swapped'],
      ['answer:Size', '__other__'],
      ['other:Size', 'swapped'],
    ]);
    expect(readFormPost(body, NAMES, fields)).toMatchObject({
      ok: true,
      response: { Name: '__other__', Plan: '__other__', Topics: ['__other__'], Size: '__other__' },
    });
  });
});

describe('readFormPost: the limits of the JSON API', () => {
  const TOPICS = [{ label: 'Topics', type: 'checkboxes' as const }];
  const repeated = (name: string, count: number) =>
    new URLSearchParams(`${`${encodeURIComponent(name)}=1&`.repeat(count)}submission=${NONCE}`);

  it('reads a repeated name in time linear in its count, and stops at the most a field can hold', () => {
    // Copying the list on every repeat took about 8 s at this size.
    const body = repeated('answer:Topics', 20_000);
    const started = performance.now();
    const read = readFormPost(body, NAMES, TOPICS);
    expect(performance.now() - started).toBeLessThan(200);
    expect(read).toEqual({ ok: false, detail: `At most ${OPTION_LIMITS.max + 1} choices are allowed` });
    // Up to the limit, every repeat is read, one push each (the bodies are built before the clock starts).
    const atLimit = Array.from({ length: 5 }, () => repeated('answer:Topics', OPTION_LIMITS.max + 1));
    const startedAtLimit = performance.now();
    for (const body of atLimit) expect(readFormPost(body, NAMES, TOPICS)).toMatchObject({ ok: true });
    expect(performance.now() - startedAtLimit).toBeLessThan(200);
  });

  it('refuses more ticked boxes than a checkboxes field can hold, and more answers than a submission can', () => {
    const many = readFormPost(repeated('answer:Topics', OPTION_LIMITS.max + 2), NAMES, TOPICS);
    expect(many).toEqual({ ok: false, detail: `At most ${OPTION_LIMITS.max + 1} choices are allowed` });
    expect(readFormPost(repeated('answer:Topics', OPTION_LIMITS.max + 1), NAMES, TOPICS)).toMatchObject({
      ok: true,
    });
    const labels = (count: number) =>
      new URLSearchParams([
        ...Array.from({ length: count }, (_, i): [string, string] => [`answer:q${i}`, 'a']),
        ['submission', NONCE],
      ]);
    expect(readFormPost(labels(SUBMISSION_LIMITS.answersMax), NAMES)).toMatchObject({ ok: true });
    expect(readFormPost(labels(SUBMISSION_LIMITS.answersMax + 1), NAMES)).toEqual({
      ok: false,
      detail: `At most ${SUBMISSION_LIMITS.answersMax} answers can be sent`,
    });
  });

  it("takes a checkboxes 'Other' as long as a whole answer (the page's box allows it)", () => {
    const other = 'x'.repeat(SUBMISSION_LIMITS.answerMax - 'Red, '.length);
    const body = new URLSearchParams([
      ['answer:Colours', 'Red'],
      ['answer:Colours', '__other__'],
      ['other:Colours', other],
      ['submission', NONCE],
    ]);
    const post = readFormPost(body, NAMES, [{ label: 'Colours', type: 'checkboxes', allowOther: true }]);
    expect(post).toMatchObject({ ok: true, response: { Colours: ['Red', other] } });
  });

  it('refuses what the JSON API refuses: an answer or a label too long', () => {
    const body = (name: string, value: string) =>
      new URLSearchParams([
        [name, value],
        ['submission', NONCE],
      ]);
    expect(readFormPost(body('answer:Name', 'x'.repeat(SUBMISSION_LIMITS.answerMax + 1)), NAMES)).toEqual({
      ok: false,
      detail: 'Answers must be at most 5000 characters',
    });
    expect(readFormPost(body(`answer:${'q'.repeat(201)}`, 'a'), NAMES)).toEqual({
      ok: false,
      detail: 'Question names must be at most 200 characters',
    });
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
