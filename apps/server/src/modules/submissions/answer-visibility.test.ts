import { type FormField, PREFILL_MESSAGES } from '@sheetforms/contract';
import { describe, expect, it, vi } from 'vitest';
import { validateAnswers } from './answer-validation.js';

/** Issue 23 on the server: conditional questions, hidden fields and locked answers in the answer check. */
const FIELDS: FormField[] = (
  [
    { id: 'name', label: 'Name', type: 'text', required: true, placeHolder: '' },
    {
      id: 'coming',
      label: 'Attending',
      type: 'radio',
      required: true,
      placeHolder: '',
      options: ['Yes', 'No'],
    },
    {
      id: 'guests',
      label: 'Guests',
      type: 'number',
      required: true,
      placeHolder: '',
      visibleWhen: { match: 'all', rules: [{ fieldId: 'coming', op: 'equals', value: 'Yes' }] },
    },
    {
      id: 'diet',
      label: 'Dietary needs',
      type: 'text',
      required: false,
      placeHolder: '',
      visibleWhen: { match: 'all', rules: [{ fieldId: 'guests', op: 'gt', value: '0' }] },
    },
    {
      id: 'extras',
      label: 'Extras',
      type: 'checkboxes',
      required: false,
      placeHolder: '',
      options: ['Parking', 'Lunch'],
    },
    {
      id: 'lunch',
      label: 'Lunch time',
      type: 'time',
      required: true,
      placeHolder: '',
      visibleWhen: { match: 'any', rules: [{ fieldId: 'extras', op: 'contains', value: 'Lunch' }] },
    },
    { id: 'agree', label: 'Agree', type: 'checkbox', required: false, placeHolder: '' },
    {
      id: 'why',
      label: 'Why not',
      type: 'text',
      required: true,
      placeHolder: '',
      visibleWhen: { match: 'all', rules: [{ fieldId: 'agree', op: 'equals', value: 'No' }] },
    },
    { id: 'utm', label: 'utm_source', type: 'hidden', required: false, placeHolder: '' },
  ] satisfies Omit<FormField, 'isRemoved'>[]
).map((field) => ({ ...field, isRemoved: false }));
const options = { signatureEnabled: false };
const check = (response: Record<string, string | string[]>, locked?: Map<string, string | string[]>) =>
  validateAnswers(FIELDS, response, { ...options, locked });

describe('validateAnswers: conditional questions', () => {
  it('ignores answers to fields their rules hide, whatever they are, and does not require them', () => {
    const result = check({
      Name: 'Ada',
      Attending: 'No',
      Guests: 'many',
      'Dietary needs': 'Vegan',
      Agree: 'on',
    });
    expect(result).toEqual({
      ok: true,
      answers: { Name: 'Ada', Attending: 'No', Agree: 'Yes' },
      signature: undefined,
    });
  });

  it('requires a required field while it shows, and checks its answer', () => {
    expect(check({ Name: 'Ada', Attending: 'Yes', Agree: 'yes' })).toEqual({
      ok: false,
      errors: [{ path: 'response.Guests', message: 'Guests is required' }],
    });
    const refused = check({ Name: 'Ada', Attending: 'Yes', Guests: 'many', Agree: 'yes' });
    expect(refused.ok || refused.errors).toEqual([
      { path: 'response.Guests', message: 'Guests must be a number' },
    ]);
    expect(
      check({ Name: 'Ada', Attending: 'Yes', Guests: '2', 'Dietary needs': 'Vegan', Agree: 'yes' }),
    ).toMatchObject({
      ok: true,
      answers: { Guests: '2', 'Dietary needs': 'Vegan' },
    });
  });

  it('closes a chain as a whole: an answer sent for a hidden field opens nothing after it', () => {
    // Guests is hidden (not attending), so its '3' cannot show Dietary needs.
    const result = check({
      Name: 'Ada',
      Attending: 'No',
      Guests: '3',
      'Dietary needs': 'Vegan',
      Agree: 'yes',
    });
    expect(result.ok && result.answers).toEqual({ Name: 'Ada', Attending: 'No', Agree: 'Yes' });
  });

  it('reads answers as stored: checkboxes by their options (array or "A, B"), a checkbox left alone as No', () => {
    for (const extras of [['Parking', 'Lunch'], 'Parking, Lunch']) {
      const result = check({ Name: 'Ada', Attending: 'No', Extras: extras, Agree: 'on' });
      expect(result.ok || result.errors).toEqual([
        { path: 'response.Lunch time', message: 'Lunch time is required' },
      ]);
    }
    // An unchecked Agree is 'No': Why not shows, and is required.
    expect(check({ Name: 'Ada', Attending: 'No' })).toEqual({
      ok: false,
      errors: [{ path: 'response.Why not', message: 'Why not is required' }],
    });
  });

  it('takes answers keyed by field id for the rules too', () => {
    const result = check({ name: 'Ada', coming: 'Yes', guests: '1', agree: 'true' });
    expect(result.ok && result.answers).toEqual({ Name: 'Ada', Attending: 'Yes', Guests: '1', Agree: 'Yes' });
  });
});

describe('validateAnswers: hidden fields', () => {
  it('stores a hidden field’s value like any answer, but it is no answer of the respondent by itself', () => {
    const result = check({ Name: 'Ada', Attending: 'No', Agree: 'on', utm_source: ' newsletter ' });
    expect(result.ok && result.answers.utm_source).toBe('newsletter');
    const alone = validateAnswers(FIELDS.slice(-1), { utm: 'newsletter' }, options);
    expect(alone).toEqual({
      ok: false,
      errors: [{ path: 'response', message: 'Please fill in at least one field' }],
    });
  });
});

describe('validateAnswers: locked answers', () => {
  const base = { Name: 'Ada', Attending: 'No', Agree: 'on' };

  it('takes a locked answer where none (or a blank) was sent', () => {
    for (const name of [undefined, '', '  ']) {
      const response: Record<string, string> = { ...base };
      if (name === undefined) delete response.Name;
      else response.Name = name;
      const result = check(response, new Map([['name', 'Grace']]));
      expect(result.ok && result.answers.Name).toBe('Grace');
    }
  });

  it('refuses another answer under the field’s path, and takes the same one written otherwise', () => {
    expect(check({ ...base, Name: 'Eve' }, new Map([['name', 'Grace']]))).toEqual({
      ok: false,
      errors: [{ path: 'response.Name', message: PREFILL_MESSAGES.lockedChanged }],
    });
    expect(check({ ...base, name: 'Eve' }, new Map([['name', 'Grace']])).ok).toBe(false);
    const same = check(
      { ...base, Extras: 'Lunch, Parking', 'Lunch time': '12:00' },
      new Map([['extras', ['Parking', 'Lunch']]]),
    );
    expect(same.ok && same.answers.Extras).toBe('Parking, Lunch');
    expect(check({ ...base, Agree: 'yes' }, new Map([['agree', 'Yes']])).ok).toBe(true);
  });

  it('counts locked answers for the rules: a locked Yes shows Guests and requires it', () => {
    const { Attending: _sent, ...rest } = base;
    expect(check(rest, new Map([['coming', 'Yes']]))).toEqual({
      ok: false,
      errors: [{ path: 'response.Guests', message: 'Guests is required' }],
    });
    const result = check({ ...rest, Guests: '2' }, new Map([['coming', 'Yes']]));
    expect(result.ok && result.answers.Attending).toBe('Yes');
  });

  it('locks a hidden field’s value, and ignores a locked field its rules hide', () => {
    expect(check({ ...base, utm_source: 'ads' }, new Map([['utm', 'mail']])).ok).toBe(false);
    const stored = check(
      base,
      new Map([
        ['utm', 'mail'],
        ['guests', '4'],
      ]),
    );
    expect(stored.ok && stored.answers).toEqual({
      Name: 'Ada',
      Attending: 'No',
      Agree: 'Yes',
      utm_source: 'mail',
    });
  });
});

describe('validateAnswers: a cached form’s fields', () => {
  // A cached form's field list is frozen and indexed once (answer-validation.ts); the answers must not
  // tell the difference, with rules and without, and a changed form (a new frozen list) is indexed anew.
  const frozen = <T>(fields: T[]) => Object.freeze(fields.map((field) => Object.freeze({ ...field })));
  const responses: Array<Record<string, string | string[]>> = [
    { Name: 'Ada', Attending: 'No', Guests: 'many' },
    { Name: 'Ada', Attending: 'Yes', Guests: '2', 'Dietary needs': 'none', Extras: ['Lunch'] },
    { Name: 'Ada', Attending: 'Yes', Extras: ['Lunch'], 'Lunch time': '12:30', Agree: 'No' },
    { Name: '', name: 'Ada', Attending: 'Yes', Guests: '0', Unknown: 'x' },
    {},
  ];

  it('answers the same as a list that is not cached, with conditional fields', () => {
    const cached = frozen(FIELDS);
    for (const response of responses) {
      for (let i = 0; i < 2; i++) expect(validateAnswers(cached, response, options)).toEqual(check(response));
    }
  });

  it('answers the same without conditional fields, where every field shows', () => {
    const plain = FIELDS.map(({ visibleWhen: _rules, ...field }) => field);
    const cached = frozen(plain);
    for (const response of responses) {
      const expected = validateAnswers(plain, response, options);
      for (let i = 0; i < 2; i++) expect(validateAnswers(cached, response, options)).toEqual(expected);
    }
    // Without rules, Guests is required whatever Attending says.
    expect(validateAnswers(cached, { Name: 'Ada', Attending: 'No' }, options)).toMatchObject({
      ok: false,
      errors: expect.arrayContaining([expect.objectContaining({ path: 'response.Guests' })]),
    });
  });

  it('indexes a changed form’s new list anew', () => {
    const before = frozen(FIELDS.filter((field) => field.id !== 'utm'));
    const after = frozen(FIELDS);
    const response = { Name: 'Ada', Attending: 'No', Agree: 'Yes', utm_source: 'mail' };
    expect(validateAnswers(before, response, options)).toEqual({
      ok: false,
      errors: [{ path: 'response.utm_source', message: 'Unknown field: utm_source' }],
    });
    expect(validateAnswers(after, response, options)).toEqual({
      ok: true,
      answers: { Name: 'Ada', Attending: 'No', Agree: 'Yes', utm_source: 'mail' },
      signature: undefined,
    });
  });
});

describe('validateAnswers: the rules read each answer once', () => {
  // An owner's form of 1,990 'contains' rules on one checkboxes field, sent 'a, a, a, …' (5 KB) or 501
  // long parts (252 KB) by anyone: each part was trimmed and lowercased again for every rule, 0.2 to 0.35 s
  // of the main thread per submission. Counted, not timed: the lowercasings while the answers are checked.
  const choices = Array.from({ length: 500 }, (_, i) => `${i}`);
  const fields = Object.freeze([
    {
      id: 'f0',
      label: 'F0',
      type: 'checkboxes',
      required: false,
      placeHolder: '',
      isRemoved: false,
      options: choices,
    },
    ...Array.from({ length: 199 }, (_, n) => ({
      id: `f${n + 1}`,
      label: `F${n + 1}`,
      type: 'text' as const,
      required: false,
      placeHolder: '',
      isRemoved: false,
      visibleWhen: {
        match: 'any' as const,
        rules: Array.from({ length: 10 }, (_, j) => ({
          fieldId: 'f0',
          op: 'contains' as const,
          value: `r${n}-${j}`,
        })),
      },
    })),
  ] satisfies FormField[]);
  const rules = 199 * 10;

  it.each([
    ['"a, a, a, …" of 4,998 characters', `${'a, '.repeat(1665)}a, a`],
    ['501 parts of 500 characters', Array.from({ length: 501 }, (_, i) => `${i}`.padEnd(500, 'x'))],
    ['the 500 options, each twice', [...choices, ...choices].join(', ')],
  ])('%s', (_, answer) => {
    const lowercase = vi.spyOn(String.prototype, 'toLowerCase');
    let result: ReturnType<typeof validateAnswers>;
    try {
      result = validateAnswers(fields, { F0: answer }, options);
      // Each part read once (at most 501 different ones), each rule's value once.
      expect(lowercase.mock.calls.length).toBeLessThanOrEqual(501 + rules);
    } finally {
      lowercase.mockRestore();
    }
    expect(result.ok).toBe(typeof answer === 'string' && answer.startsWith('0'));
  });
});
