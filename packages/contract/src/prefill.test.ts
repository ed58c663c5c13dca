import { describe, expect, it } from 'vitest';
import {
  encodePrefillPayload,
  type PrefillField,
  prefillFromQuery,
  prefillValueFor,
  readPrefillPayload,
} from './prefill.js';

const FIELDS: PrefillField[] = [
  { id: 'name', label: 'Full Name', type: 'text' },
  { id: 'plan', label: 'Plan', type: 'radio', options: ['Basic', 'Pro'] },
  { id: 'extras', label: 'Extras', type: 'checkboxes', options: ['Lunch', 'Dinner', 'Parking'] },
  { id: 'agree', label: 'Agree', type: 'checkbox' },
  { id: 'utm', label: 'utm_source', type: 'hidden' },
];

describe('prefillFromQuery', () => {
  it('reads fields by label or id (the id wins), matching options without case', () => {
    const query = new URLSearchParams(
      'Full%20Name=Ada&name=Ada%20L&Plan=pro&extras=lunch&extras=Parking&utm_source=newsletter&agree=yes',
    );
    expect(prefillFromQuery(FIELDS, query)).toEqual({
      name: 'Ada L',
      plan: 'Pro',
      extras: ['Lunch', 'Parking'],
      agree: 'Yes',
      utm: 'newsletter',
    });
  });

  it('ignores values that do not fit their field, and unknown parameters', () => {
    const query = new URLSearchParams('Plan=Enterprise&extras=Spa&agree=maybe&other=1&Full%20Name=%20%20');
    expect(prefillFromQuery(FIELDS, query)).toEqual({});
  });

  it('takes checkboxes written A, B', () => {
    expect(prefillValueFor(FIELDS[2] as PrefillField, ['Lunch, Dinner'])).toEqual(['Lunch', 'Dinner']);
  });

  it('takes an option that holds a comma whole, from its own parameter', () => {
    const field: PrefillField = {
      id: 'x',
      label: 'X',
      type: 'checkboxes',
      options: ['Gift wrap', 'Card, printed'],
    };
    expect(prefillValueFor(field, ['Gift wrap', 'card, printed'])).toEqual(['Gift wrap', 'Card, printed']);
  });

  it('reads at most 500 values and parts of one field, however many the address holds', () => {
    const options = Array.from({ length: 500 }, (_, index) => `Option ${index}`);
    const field: PrefillField = { id: 'x', label: 'X', type: 'checkboxes', options };
    // The 501st part is past the bound: not read, even though it names an option.
    expect(prefillValueFor(field, [`${'nope,'.repeat(500)}Option 1`])).toBeUndefined();
    expect(prefillValueFor(field, [`option 1,${'nope,'.repeat(7000)}Option 2`])).toEqual(['Option 1']);
    // The same across repeated parameters: the count runs over all of them.
    const repeated = [...Array.from({ length: 499 }, () => 'nope'), 'Option 3', 'Option 4'];
    expect(prefillValueFor(field, repeated)).toEqual(['Option 3']);
    // Every option once, in the order given, whatever its case.
    expect(prefillValueFor(field, [options.join(',').toUpperCase()])).toEqual(options);
  });
});

describe("fields whose ids or labels are names every object has ('__proto__', 'constructor')", () => {
  // Ids are letters, digits, _ and -: '__proto__' is one. The values are kept as keys of their own.
  const proto: PrefillField[] = [
    { id: '__proto__', label: 'constructor', type: 'radio', options: ['A', 'B'] },
    { id: 'constructor', label: 'toString', type: 'text' },
  ];

  it('reads them from the address and from a token', () => {
    const values = prefillFromQuery(proto, new URLSearchParams('__proto__=b&toString=hi'));
    expect(Object.entries(values)).toEqual([
      ['__proto__', 'B'],
      ['constructor', 'hi'],
    ]);
    expect(Object.entries(prefillFromQuery(proto, new URLSearchParams('')))).toEqual([]);
    const payload = encodePrefillPayload({ formId: 'F1', values });
    expect(Object.entries(readPrefillPayload(`${payload}.sig`)?.values ?? {})).toEqual([
      ['__proto__', 'B'],
      ['constructor', 'hi'],
    ]);
  });
});

describe('prefill token payload', () => {
  it('round-trips, unicode included', () => {
    const payload = {
      formId: 'abc123',
      values: { name: 'Zoë 🌱', extras: ['Lunch'] },
      expiresAt: 1_900_000_000,
    };
    const token = `${encodePrefillPayload(payload)}.c2ln`;
    expect(readPrefillPayload(token)).toEqual(payload);
  });

  it('reads nothing from what is not a token', () => {
    for (const token of [
      '',
      'abc',
      'a.b.c',
      '!!!.sig',
      `${btoa('[1]')}.sig`,
      `${btoa('{"f":1,"v":{}}')}.sig`,
    ]) {
      expect(readPrefillPayload(token), token).toBeUndefined();
    }
    const bad = encodePrefillPayload({ formId: 'f', values: { x: 'y' } });
    expect(readPrefillPayload(bad)).toBeUndefined(); // no signature part
  });
});
