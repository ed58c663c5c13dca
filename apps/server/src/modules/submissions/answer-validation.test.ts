import type { FormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { validateAnswers } from './answer-validation.js';

const field = (label: string, type: FormField['type'], required = false, isRemoved = false): FormField => ({
  label,
  type,
  required,
  placeHolder: '',
  isRemoved,
});

const FIELDS = [
  field('Full Name', 'text', true),
  field('Email', 'email'),
  field('Age', 'number'),
  field('Birthday', 'date'),
  field('Notes', 'textarea'),
  field('Old Question', 'text', true, true),
];
const check = (response: Record<string, string>, signatureEnabled = false) =>
  validateAnswers(FIELDS, response, { signatureEnabled });

describe('validateAnswers', () => {
  it('refuses a submission with no answer at all when no field is required', () => {
    const optional = [field('Email', 'email'), field('Notes', 'textarea')];
    const expected = {
      ok: false,
      errors: [{ path: 'response', message: 'Please fill in at least one field' }],
    };
    expect(validateAnswers(optional, {}, { signatureEnabled: false })).toEqual(expected);
    expect(validateAnswers(optional, { Email: ' ', Notes: '' }, { signatureEnabled: false })).toEqual(
      expected,
    );
    expect(validateAnswers(optional, { Notes: 'hi' }, { signatureEnabled: false }).ok).toBe(true);
    // A signature is an answer.
    expect(validateAnswers(optional, { signature: '/u/s.png' }, { signatureEnabled: true }).ok).toBe(true);
  });

  it('accepts valid answers keyed by label and keeps only non-empty ones', () => {
    expect(
      check({
        'Full Name': ' Ada ',
        Email: ' ada@example.com ',
        Age: '-3.5',
        Birthday: '2024-02-29',
        Notes: '',
      }),
    ).toEqual({
      ok: true,
      answers: { 'Full Name': ' Ada ', Email: 'ada@example.com', Age: '-3.5', Birthday: '2024-02-29' },
      signature: undefined,
    });
  });

  it("names a missing required field with the spec's message; blank counts as missing", () => {
    for (const response of [{}, { 'Full Name': '' }, { 'Full Name': '   ' }] as Array<
      Record<string, string>
    >) {
      expect(check(response)).toEqual({
        ok: false,
        errors: [{ path: 'response.Full Name', message: 'Full Name is required' }],
      });
    }
  });

  it('does not require removed fields, and treats their labels as unknown', () => {
    expect(check({ 'Full Name': 'Ada', 'Old Question': 'x' })).toEqual({
      ok: false,
      errors: [{ path: 'response.Old Question', message: 'Unknown field: Old Question' }],
    });
  });

  const typed: Array<[string, string, string]> = [
    ['Email', 'not-an-email', 'Email must be a valid email'],
    ['Email', 'a@b', 'Email must be a valid email'],
    ['Email', 'a b@example.com', 'Email must be a valid email'],
    ['Age', 'twelve', 'Age must be a number'],
    ['Age', '1,5', 'Age must be a number'],
    ['Age', '1e999', 'Age must be a number'],
    ['Age', 'Infinity', 'Age must be a number'],
    ['Birthday', '01/02/2024', 'Birthday must be a valid date'],
    ['Birthday', '2023-02-29', 'Birthday must be a valid date'],
    ['Birthday', '2024-13-01', 'Birthday must be a valid date'],
    ['Birthday', 'yesterday', 'Birthday must be a valid date'],
  ];
  it.each(typed)('refuses %s = %j with "%s"', (label, value, message) => {
    expect(check({ 'Full Name': 'Ada', [label]: value })).toEqual({
      ok: false,
      errors: [{ path: `response.${label}`, message }],
    });
  });

  it.each([
    ['Age', '42'],
    ['Age', '0.5'],
    ['Age', '.5'],
    ['Age', '+7'],
    ['Age', '1e3'],
    ['Email', 'first.last+tag@sub.example.co'],
    ['Birthday', '2000-01-31'],
  ])('accepts %s = %j', (label, value) => {
    expect(check({ 'Full Name': 'Ada', [label]: value }).ok).toBe(true);
  });

  it('refuses answers for labels the form does not have', () => {
    expect(check({ 'Full Name': 'Ada', Hacker: 'x', signature: 'https://x/y.png' })).toEqual({
      ok: false,
      errors: [
        { path: 'response.Hacker', message: 'Unknown field: Hacker' },
        { path: 'response.signature', message: 'Unknown field: signature' },
      ],
    });
  });

  it('caps each answer at 5000 characters', () => {
    expect(check({ 'Full Name': 'a'.repeat(5000) }).ok).toBe(true);
    expect(check({ 'Full Name': 'a'.repeat(5001) })).toEqual({
      ok: false,
      errors: [{ path: 'response.Full Name', message: 'Full Name must be at most 5000 characters' }],
    });
  });

  it('caps the number of answers', () => {
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`Q${i}`, 'x']));
    expect(check(many)).toEqual({
      ok: false,
      errors: [{ path: 'response', message: 'At most 200 answers are allowed' }],
    });
  });

  it('lists every problem in form order, the first field first', () => {
    const result = check({ Email: 'nope', Age: 'x', Extra: '1' }, true);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.map((e) => e.message)).toEqual([
      'Full Name is required',
      'Email must be a valid email',
      'Age must be a number',
      'Unknown field: Extra',
      'Signature is required',
    ]);
  });

  it('takes the signature URL when signatures are enabled, and requires it then', () => {
    expect(check({ 'Full Name': 'Ada' }, true)).toEqual({
      ok: false,
      errors: [{ path: 'response.signature', message: 'Signature is required' }],
    });
    expect(check({ 'Full Name': 'Ada', signature: ' https://forms.example/s.png ' }, true)).toEqual({
      ok: true,
      answers: { 'Full Name': 'Ada' },
      signature: 'https://forms.example/s.png',
    });
  });

  it('treats a field labelled "signature" as a field, not as the signature URL', () => {
    const fields = [field('signature', 'text', true)];
    expect(validateAnswers(fields, { signature: 'Ada L.' }, { signatureEnabled: false })).toEqual({
      ok: true,
      answers: { signature: 'Ada L.' },
      signature: undefined,
    });
  });
});

describe('validateAnswers with the field types of issue 21', () => {
  const TYPED: FormField[] = [
    {
      id: 'fplan',
      label: 'Plan',
      type: 'dropdown',
      required: false,
      placeHolder: '',
      isRemoved: false,
      options: ['Free', 'Pro'],
    },
    {
      id: 'ftopics',
      label: 'Topics',
      type: 'checkboxes',
      required: false,
      placeHolder: '',
      isRemoved: false,
      options: ['Design', 'Code', 'Ops'],
      allowOther: true,
    },
    { id: 'fagree', label: 'Agree', type: 'checkbox', required: false, placeHolder: '', isRemoved: false },
    {
      id: 'fage',
      label: 'Age',
      type: 'number',
      required: false,
      placeHolder: '',
      isRemoved: false,
      min: 18,
      max: 99,
    },
  ];
  const run = (response: Record<string, string | string[]>) =>
    validateAnswers(TYPED, response, { signatureEnabled: false });

  it('stores checkboxes as "A, B" in the options order with the Other text last, and a checkbox as Yes', () => {
    expect(run({ Topics: ['Ops', 'Robots', 'Design'], Agree: 'on', Plan: 'Pro' })).toEqual({
      ok: true,
      answers: { Plan: 'Pro', Topics: 'Design, Ops, Robots', Agree: 'Yes' },
      signature: undefined,
    });
  });

  it('takes answers keyed by field id, stored under the label', () => {
    expect(run({ fplan: 'Free', ftopics: ['Code'] })).toEqual({
      ok: true,
      answers: { Plan: 'Free', Topics: 'Code', Agree: 'No' },
      signature: undefined,
    });
  });

  it('refuses one field answered under its label and its id, naming the field', () => {
    expect(run({ Plan: 'Free', fplan: 'Pro' })).toEqual({
      ok: false,
      errors: [{ path: 'response.Plan', message: 'Plan was answered twice (by its label and by its id)' }],
    });
  });

  it('an unchecked optional checkbox is stored as No but is no answer by itself', () => {
    expect(run({ Agree: 'no' })).toEqual({
      ok: false,
      errors: [{ path: 'response', message: 'Please fill in at least one field' }],
    });
    expect(run({ Agree: 'no', Age: '30' })).toMatchObject({ ok: true, answers: { Agree: 'No', Age: '30' } });
  });

  it('refuses a list for a field that takes one answer, accepts a list of one', () => {
    expect(run({ Plan: ['Free', 'Pro'] })).toMatchObject({
      ok: false,
      errors: [{ path: 'response.Plan', message: 'Plan takes one answer' }],
    });
    expect(run({ Age: ['30', '40'] })).toMatchObject({
      ok: false,
      errors: [{ path: 'response.Age', message: 'Age takes one answer' }],
    });
    expect(run({ Plan: ['Pro'], Age: ['30'] })).toMatchObject({
      ok: true,
      answers: { Plan: 'Pro', Age: '30' },
    });
  });

  it('checks choices against the options given now, and bounds', () => {
    expect(run({ Plan: 'Enterprise' })).toMatchObject({
      errors: [{ path: 'response.Plan', message: 'Plan must be one of the listed options' }],
    });
    expect(run({ Age: '17' })).toMatchObject({
      errors: [{ path: 'response.Age', message: 'Age must be at least 18' }],
    });
    const resolved = TYPED.map((field) =>
      field.label === 'Plan' ? { ...field, options: ['Enterprise'] } : field,
    );
    expect(validateAnswers(resolved, { Plan: 'Enterprise' }, { signatureEnabled: false }).ok).toBe(true);
    expect(validateAnswers(resolved, { Plan: 'Free' }, { signatureEnabled: false }).ok).toBe(false);
  });

  it("stores answers to fields labelled '__proto__' and 'constructor' under their own labels", () => {
    const fields = [
      field('__proto__', 'text'),
      { ...field('constructor', 'checkboxes', true), options: ['A', 'B'] },
      field('toString', 'hidden'),
    ];
    // As JSON.parse or the no-JavaScript post gives them: '__proto__' is a key of its own there.
    const response = JSON.parse('{"__proto__":"campaign-7","constructor":["B","A"]}');
    const checked = validateAnswers(fields, response, { signatureEnabled: false });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(JSON.stringify(checked.answers)).toBe('{"__proto__":"campaign-7","constructor":"A, B"}');
    // Nothing sent is nothing inherited: the required 'constructor' is missing, 'toString' unanswered.
    expect(validateAnswers(fields, JSON.parse('{"__proto__":"x"}'), { signatureEnabled: false })).toEqual({
      ok: false,
      errors: [{ path: 'response.constructor', message: 'constructor is required' }],
    });
  });
});
