import type { PublicFormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { buildResponse, fieldErrorsFromProblem, validateAnswers } from './answers';

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
