import { describe, expect, it } from 'vitest';
import { type AnswerField, answerToCell, checkAnswer } from './answer-rules.js';

const field = (type: AnswerField['type'], extra: Partial<AnswerField> = {}): AnswerField => ({
  label: 'Q',
  type,
  required: false,
  ...extra,
});
const problem = (f: AnswerField, input: Parameters<typeof checkAnswer>[1], options?: string[]) => {
  const result = checkAnswer(f, input, options);
  return result.ok ? undefined : result.message;
};
const stored = (f: AnswerField, input: Parameters<typeof checkAnswer>[1], options?: string[]) => {
  const result = checkAnswer(f, input, options);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('checkAnswer', () => {
  it('requires what is required, and treats blank text as not given', () => {
    expect(problem(field('text', { required: true }), '  ')).toBe('Q is required');
    expect(checkAnswer(field('text'), '  ')).toEqual({ ok: true, value: undefined, given: false });
    expect(stored(field('textarea'), ' two\nlines ')).toBe(' two\nlines ');
    expect(stored(field('email'), ' a@b.co ')).toBe('a@b.co');
    expect(problem(field('text'), 'x'.repeat(5001))).toBe('Q must be at most 5000 characters');
  });

  it('checks the shape of typed answers with the messages the server sends', () => {
    expect(problem(field('email'), 'nope')).toBe('Q must be a valid email');
    expect(problem(field('number'), '12a')).toBe('Q must be a number');
    expect(problem(field('date'), '2026-02-30')).toBe('Q must be a valid date');
    expect(problem(field('time'), '24:00')).toBe('Q must be a valid time');
    expect(stored(field('time'), '09:30')).toBe('09:30');
    expect(problem(field('url'), 'example.com')).toBe('Q must be a valid URL');
    expect(problem(field('url'), 'javascript:alert(1)')).toBe('Q must be a valid URL');
    expect(stored(field('url'), 'https://example.com/a?b=c')).toBe('https://example.com/a?b=c');
    expect(problem(field('tel'), '12')).toBe('Q must be a valid phone number');
    expect(problem(field('tel'), 'call me')).toBe('Q must be a valid phone number');
    expect(stored(field('tel'), '+44 (20) 7946-0958')).toBe('+44 (20) 7946-0958');
  });

  it('holds numbers and dates within their bounds', () => {
    const guests = field('number', { min: 1, max: 5 });
    expect(problem(guests, '0')).toBe('Q must be at least 1');
    expect(problem(guests, '6')).toBe('Q must be at most 5');
    expect(stored(guests, '5')).toBe('5');
    const day = field('date', { min: '2026-01-01', max: '2026-12-31' });
    expect(problem(day, '2025-12-31')).toBe('Q must be on or after 2026-01-01');
    expect(problem(day, '2027-01-01')).toBe('Q must be on or before 2026-12-31');
    expect(stored(day, '2026-06-15')).toBe('2026-06-15');
  });

  it('takes one listed option for a dropdown or radio, or the Other answer where allowed', () => {
    const plan = field('dropdown', { options: ['Basic', 'Pro'] });
    expect(stored(plan, 'Pro')).toBe('Pro');
    expect(problem(plan, 'Gold')).toBe('Q must be one of the listed options');
    expect(problem(plan, ['Basic', 'Pro'])).toBe('Q takes one answer');
    expect(stored(field('radio', { options: ['A'], allowOther: true }), 'My own')).toBe('My own');
    expect(problem(field('radio', { options: ['A'] }), 'My own')).toBe('Q must be one of the listed options');
    expect(problem(field('radio', { options: ['A'], required: true }), [])).toBe('Q is required');
  });

  it('checks against the options as resolved now, not as stored', () => {
    const fromRange = field('dropdown', { optionsFrom: { range: 'Lists!A2:A' }, options: ['Old'] });
    expect(stored(fromRange, 'New', ['New'])).toBe('New');
    expect(problem(fromRange, 'Old', ['New'])).toBe('Q must be one of the listed options');
  });

  it("stores checkboxes as 'A, B' in the options' order, then the Other answer", () => {
    const days = field('checkboxes', { options: ['Mon', 'Tue', 'Wed'], allowOther: true });
    expect(stored(days, ['Wed', 'Mon', 'Mon'])).toBe('Mon, Wed');
    expect(stored(days, ['Sunday', 'Tue'])).toBe('Tue, Sunday');
    expect(stored(days, 'Mon, Tue')).toBe('Mon, Tue');
    expect(problem(days, ['Sat', 'Sun'])).toBe('Q must be one of the listed options');
    expect(problem(field('checkboxes', { options: ['Mon'] }), ['Sun'])).toBe(
      'Q must be one of the listed options',
    );
    // The '__other__' marker of a plain HTML form is never an answer by itself.
    expect(checkAnswer(days, ['__other__'])).toEqual({ ok: true, value: undefined, given: false });
  });

  it('stores a checkbox as Yes or No; unchecked is no answer, and a required one must be ticked', () => {
    expect(checkAnswer(field('checkbox'), 'on')).toEqual({ ok: true, value: 'Yes', given: true });
    expect(checkAnswer(field('checkbox'), 'true')).toEqual({ ok: true, value: 'Yes', given: true });
    expect(checkAnswer(field('checkbox'), undefined)).toEqual({ ok: true, value: 'No', given: false });
    expect(checkAnswer(field('checkbox'), 'No')).toEqual({ ok: true, value: 'No', given: false });
    expect(problem(field('checkbox', { required: true }), undefined)).toBe('Q is required');
    expect(problem(field('checkbox'), 'maybe')).toBe('Q must be checked or left unchecked');
  });
});

describe('answerToCell', () => {
  it('writes numbers as numbers and a checkbox as a boolean, everything else as text', () => {
    expect(answerToCell('number', '42.5')).toBe(42.5);
    expect(answerToCell('checkbox', 'Yes')).toBe(true);
    expect(answerToCell('checkbox', 'No')).toBe(false);
    expect(answerToCell('checkboxes', 'A, B')).toBe('A, B');
    expect(answerToCell('text', '=1+1')).toBe('=1+1');
    expect(answerToCell('tel', '0123')).toBe('0123');
    // Stored before the field became a number: kept as text, not read the JavaScript way.
    expect(answerToCell('number', '0x10')).toBe('0x10');
    expect(answerToCell('number', ' ')).toBe(' ');
    // A sheet keeps 15 significant digits: a longer number is written as the text the app shows.
    expect(answerToCell('number', '123456789012345')).toBe(123456789012345);
    expect(answerToCell('number', '12345678901234567890')).toBe('12345678901234567890');
    expect(answerToCell('number', '0.000123456789012345')).toBe(0.000123456789012345);
    expect(answerToCell('number', '1.5e300')).toBe(1.5e300);
    expect(answerToCell('number', '00123')).toBe(123);
  });
});

describe('email shape', () => {
  it('is the spec shape, and linear on the worst input', () => {
    const email = (value: string) => checkAnswer({ label: 'Q', type: 'email', required: false }, value).ok;
    expect(email('a@b.co')).toBe(true);
    expect(email('a.b@c.d.e')).toBe(true);
    expect(email('a@b.')).toBe(false);
    expect(email('a@.b')).toBe(false);
    expect(email('@b.co')).toBe(false);
    expect(email('a@b@c.co')).toBe(false);
    expect(email('a b@c.co')).toBe(false);
    // The usual pattern backtracks quadratically on 'a@' then 'b.' repeated then '@'.
    const worst = `a@${'b.'.repeat(2_498)}@`;
    const started = performance.now();
    for (let i = 0; i < 100; i++) email(worst);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
