// @vitest-environment node
import type { PublicFormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import {
  answersFromForm,
  buildResponse,
  choiceStart,
  fieldErrorsFromProblem,
  otherTextMissing,
  validateAnswers,
} from './answers';

const fields: PublicFormField[] = [
  { id: 'f1', label: 'Full Name', type: 'text', required: true, placeHolder: '' },
  { id: 'f2', label: 'Email', type: 'email', required: true, placeHolder: '' },
  { id: 'f3', label: 'Age', type: 'number', required: false, placeHolder: '' },
  { id: 'f4', label: 'Notes', type: 'textarea', required: false, placeHolder: '' },
];

describe('validateAnswers', () => {
  it("gives '{label} is required' for each empty or blank required field", () => {
    expect(validateAnswers(fields, { 'Full Name': '   ' })).toEqual({
      'Full Name': 'Full Name is required',
      Email: 'Email is required',
    });
  });

  it('accepts a form whose required fields are filled and optional ones empty', () => {
    expect(validateAnswers(fields, { 'Full Name': 'Ada', Email: 'ada@example.org', Age: '' })).toEqual({});
  });
});

describe('buildResponse', () => {
  it('leaves empty values out and keeps the rest keyed by label', () => {
    expect(
      buildResponse(fields, { 'Full Name': 'Ada', Email: 'ada@example.org', Age: '', Notes: '  ' }),
    ).toEqual({ 'Full Name': 'Ada', Email: 'ada@example.org' });
  });

  it('drops answers for labels the form does not have', () => {
    expect(buildResponse(fields, { 'Full Name': 'Ada', Extra: 'x' })).toEqual({ 'Full Name': 'Ada' });
  });
});

describe('fieldErrorsFromProblem', () => {
  it('maps response.{label} paths to fields, labels with dots included', () => {
    const withDot: PublicFormField[] = [
      ...fields,
      { id: 'f5', label: 'No. of guests', type: 'number', required: false, placeHolder: '' },
    ];
    expect(
      fieldErrorsFromProblem(withDot, [
        { path: 'response.Email', message: 'Email must be a valid email' },
        { path: 'body.response.No. of guests', message: 'No. of guests must be a number' },
        { path: 'idempotencyKey', message: 'x' },
      ]),
    ).toEqual({ Email: 'Email must be a valid email', 'No. of guests': 'No. of guests must be a number' });
  });
});

const choiceFields: PublicFormField[] = [
  { id: 'c1', label: 'Plan', type: 'dropdown', required: true, placeHolder: '', options: ['Basic', 'Pro'] },
  {
    id: 'c2',
    label: 'Colour',
    type: 'radio',
    required: false,
    placeHolder: '',
    options: ['Red', 'Blue'],
    allowOther: true,
  },
  {
    id: 'c3',
    label: 'Days',
    type: 'checkboxes',
    required: true,
    placeHolder: '',
    options: ['Mon', 'Tue', 'Wed'],
    allowOther: true,
  },
  { id: 'c4', label: 'I agree', type: 'checkbox', required: true, placeHolder: '' },
  { id: 'c5', label: 'Newsletter', type: 'checkbox', required: false, placeHolder: '' },
  { id: 'c6', label: 'Guests', type: 'number', required: false, placeHolder: '', min: 1, max: 10 },
  { id: 'c7', label: 'Day', type: 'date', required: false, placeHolder: '', min: '2026-01-01' },
  { id: 'c8', label: 'Arrival', type: 'time', required: false, placeHolder: '' },
  { id: 'c9', label: 'Site', type: 'url', required: false, placeHolder: '' },
  { id: 'c10', label: 'Phone', type: 'tel', required: false, placeHolder: '' },
];

/** Form data as a plain HTML form posts it: a name once per value. */
function posted(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe('answersFromForm', () => {
  it('reads each field as the no-JavaScript post names it, checkboxes as an array, Other as its text', () => {
    const answers = answersFromForm(
      choiceFields,
      posted([
        ['answer:Plan', 'Pro'],
        ['answer:Colour', '__other__'],
        ['other:Colour', '  Teal '],
        ['answer:Days', 'Mon'],
        ['answer:Days', 'Wed'],
        ['answer:Days', '__other__'],
        ['other:Days', 'Sun'],
        ['answer:I agree', 'Yes'],
        ['answer:Guests', '3'],
        ['website', 'ignored'],
      ]),
    );
    expect(answers).toEqual({
      Plan: 'Pro',
      Colour: 'Teal',
      Days: ['Mon', 'Wed', 'Sun'],
      'I agree': 'Yes',
      Guests: '3',
    });
  });

  it('ignores the Other text unless Other is ticked, and keeps the marker when its text is blank', () => {
    const answers = answersFromForm(
      choiceFields,
      posted([
        ['answer:Colour', 'Red'],
        ['other:Colour', 'typed then changed my mind'],
        ['answer:Days', '__other__'],
        ['other:Days', '   '],
      ]),
    );
    expect(answers.Colour).toBe('Red');
    expect(answers.Days).toEqual(['__other__']);
    expect(answers['I agree']).toBeUndefined();
  });
});

describe("validateAnswers with every type (the server's messages)", () => {
  const valid = {
    Plan: 'Basic',
    Days: ['Tue'],
    'I agree': 'Yes',
    Guests: '10',
    Day: '2026-01-01',
    Arrival: '09:30',
    Site: 'https://example.org',
    Phone: '+44 20 7946 0958',
  };

  it('accepts answers the server accepts', () => {
    expect(validateAnswers(choiceFields, valid)).toEqual({});
  });

  it('refuses what the server refuses, with its words', () => {
    expect(
      validateAnswers(choiceFields, {
        Plan: 'Gold',
        Colour: ['Red', 'Blue'],
        Days: [],
        Guests: '11',
        Day: '2025-12-31',
        Arrival: '25:00',
        Site: 'example.org',
        Phone: 'call me',
      }),
    ).toEqual({
      Plan: 'Plan must be one of the listed options',
      Colour: 'Colour takes one answer',
      Days: 'Days is required',
      'I agree': 'I agree is required',
      Guests: 'Guests must be at most 10',
      Day: 'Day must be on or after 2026-01-01',
      Arrival: 'Arrival must be a valid time',
      Site: 'Site must be a valid URL',
      Phone: 'Phone must be a valid phone number',
    });
  });

  it("points out 'Other' ticked with nothing typed, even on an optional field", () => {
    expect(validateAnswers(choiceFields, { ...valid, Colour: '__other__' })).toEqual({
      Colour: otherTextMissing('Colour'),
    });
    expect(validateAnswers(choiceFields, { ...valid, Days: ['Mon', '__other__'] })).toEqual({
      Days: "Days: type your answer next to 'Other'",
    });
  });

  it('accepts one Other answer where the field allows it', () => {
    expect(validateAnswers(choiceFields, { ...valid, Colour: 'Teal', Days: ['Mon', 'Sun'] })).toEqual({});
  });
});

describe("a checkboxes 'Other' answer's length", () => {
  const topics: PublicFormField = {
    id: 't1',
    label: 'Topics',
    type: 'checkboxes',
    required: false,
    placeHolder: '',
    options: ['Design', 'Code'],
    allowOther: true,
  };

  // The server's answers to the same (choice-fields.integration.test.ts): 201, then 400 under the field.
  it('is taken up to a whole answer with its choices, and refused past it under the field', () => {
    expect(validateAnswers([topics], { Topics: ['Code', 'x'.repeat(4994)] })).toEqual({});
    expect(validateAnswers([topics], { Topics: ['Code', 'x'.repeat(4995)] })).toEqual({
      Topics: 'Topics must be at most 5000 characters',
    });
  });
});

describe('buildResponse with choices', () => {
  it('sends checkboxes as their choices, a checkbox only when ticked, nothing for blanks', () => {
    expect(
      buildResponse(choiceFields, {
        Plan: '',
        Colour: 'Teal',
        Days: ['Mon', 'Sun'],
        'I agree': 'Yes',
        Guests: '  ',
      }),
    ).toEqual({ Colour: 'Teal', Days: ['Mon', 'Sun'], 'I agree': 'Yes' });
    expect(buildResponse(choiceFields, { Days: [] })).toEqual({});
  });

  it("leaves out an Other without text, but not a text field's own letters", () => {
    const withText: PublicFormField[] = [
      ...choiceFields,
      { id: 't', label: 'Code', type: 'text', required: false, placeHolder: '' },
    ];
    expect(buildResponse(withText, { Colour: '__other__', Days: ['__other__'], Code: '__other__' })).toEqual({
      Code: '__other__',
    });
  });
});

describe('choiceStart', () => {
  const [, colour, days] = choiceFields as [PublicFormField, PublicFormField, PublicFormField];

  it("reads back a stored 'A, B' with the Other text after the listed options", () => {
    expect(choiceStart(days, 'Mon, Wed, Sun, late')).toEqual({
      chosen: ['Mon', 'Wed'],
      other: true,
      otherText: 'Sun, late',
    });
    expect(choiceStart(days, ['Tue', '__other__'])).toEqual({ chosen: ['Tue'], other: true, otherText: '' });
  });

  it('reads a radio answer as one option or as the Other text', () => {
    expect(choiceStart(colour, 'Blue')).toEqual({ chosen: ['Blue'], other: false, otherText: '' });
    expect(choiceStart(colour, 'Red, Blue')).toEqual({ chosen: [], other: true, otherText: 'Red, Blue' });
    expect(choiceStart({ ...colour, allowOther: false }, 'Teal')).toEqual({
      chosen: [],
      other: false,
      otherText: '',
    });
  });
});

describe('fields labelled like the members every object has', () => {
  // A label is the owner's to choose: none of these may be read as what a plain object inherits.
  const protoFields: PublicFormField[] = [
    { id: 'p1', label: 'constructor', type: 'radio', required: false, placeHolder: '', options: ['A', 'B'] },
    {
      id: 'p2',
      label: 'toString',
      type: 'checkboxes',
      required: false,
      placeHolder: '',
      options: ['Red', 'Green'],
      allowOther: true,
    },
    { id: 'p3', label: '__proto__', type: 'hidden', required: false, placeHolder: '' },
    { id: 'p4', label: 'valueOf', type: 'text', required: true, placeHolder: '' },
  ];

  it('reads them from the form as their own answers, __proto__ included', () => {
    const answers = answersFromForm(
      protoFields,
      posted([
        ['answer:constructor', 'B'],
        ['answer:toString', 'Green'],
        ['answer:toString', '__other__'],
        ['other:toString', 'Teal'],
        ['answer:__proto__', 'campaign-7'],
        ['answer:valueOf', 'hello'],
      ]),
    );
    expect(Object.entries(answers)).toEqual([
      ['constructor', 'B'],
      ['toString', ['Green', 'Teal']],
      ['__proto__', 'campaign-7'],
      ['valueOf', 'hello'],
    ]);
  });

  it('checks and sends nothing for them when nothing was answered', () => {
    expect(validateAnswers(protoFields, {})).toEqual({ valueOf: 'valueOf is required' });
    expect(Object.keys(buildResponse(protoFields, {}))).toEqual([]);
  });

  it('sends __proto__ under its field id (a JSON body may not have that key), the rest by label', () => {
    const answers = JSON.parse(
      '{"constructor":"B","toString":["Red"],"__proto__":"campaign-7","valueOf":"hello"}',
    );
    expect(validateAnswers(protoFields, answers)).toEqual({});
    expect(JSON.stringify(buildResponse(protoFields, answers))).toBe(
      '{"constructor":"B","toString":["Red"],"p3":"campaign-7","valueOf":"hello"}',
    );
  });

  it("puts the server's errors under them", () => {
    const errors = fieldErrorsFromProblem(protoFields, [
      { path: 'response.constructor', message: 'constructor must be one of the listed options' },
      { path: 'response.__proto__', message: '__proto__ is required' },
    ]);
    expect(Object.entries(errors)).toEqual([
      ['constructor', 'constructor must be one of the listed options'],
      ['__proto__', '__proto__ is required'],
    ]);
  });
});
