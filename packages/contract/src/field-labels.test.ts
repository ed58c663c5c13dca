import { describe, expect, it } from 'vitest';
import {
  duplicateFieldLabels,
  FIELD_LABEL_MESSAGES,
  fieldLabelProblem,
  isSystemColumn,
  SYSTEM_COLUMNS,
  systemColumnLabels,
} from './field-labels.js';

const fields = (...labels: string[]) => labels.map((label) => ({ label }));

describe('duplicate field labels', () => {
  it('finds labels used twice, trimmed and ignoring case, once each as first spelled', () => {
    expect(duplicateFieldLabels(fields('Email', 'Name', ' email ', 'EMAIL', 'Phone'))).toEqual(['Email']);
    expect(duplicateFieldLabels(fields('Full  Name', 'full name', 'A', 'a'))).toEqual(['Full  Name', 'A']);
  });

  it('has none when every label is its own', () => {
    expect(duplicateFieldLabels(fields('Name', 'Email', 'Email 2'))).toEqual([]);
    expect(duplicateFieldLabels([])).toEqual([]);
  });

  it('leaves blank labels and removed fields out', () => {
    expect(duplicateFieldLabels(fields('', ' ', 'Name'))).toEqual([]);
    expect(duplicateFieldLabels([{ label: 'Email' }, { label: 'email', isRemoved: true }])).toEqual([]);
  });
});

describe('system columns', () => {
  it('are the columns SheetForms fills in itself', () => {
    expect(SYSTEM_COLUMNS).toEqual(['Timestamp', 'Response ID', 'Signature']);
  });

  it('match trimmed and ignoring case', () => {
    expect(isSystemColumn(' timestamp ')).toBe(true);
    expect(isSystemColumn('RESPONSE  ID')).toBe(true);
    expect(isSystemColumn('Signature')).toBe(true);
    expect(isSystemColumn('Signature date')).toBe(false);
    expect(isSystemColumn('Response')).toBe(false);
  });

  it('are found among shown labels only', () => {
    expect(systemColumnLabels([{ label: 'Name' }, { label: 'timestamp ' }])).toEqual(['timestamp']);
    expect(systemColumnLabels([{ label: 'Timestamp', isRemoved: true }])).toEqual([]);
  });
});

describe('the first label problem', () => {
  it('names a duplicate first, then a system column, else none', () => {
    expect(fieldLabelProblem(fields('Email', 'Timestamp', 'email'))).toBe(
      'Each field needs its own label: "Email" is used more than once.',
    );
    expect(fieldLabelProblem(fields('Name', 'Response ID'))).toBe(FIELD_LABEL_MESSAGES.system('Response ID'));
    expect(FIELD_LABEL_MESSAGES.system('Response ID')).toBe(
      '"Response ID" is a column SheetForms fills in itself (Timestamp, Response ID, Signature): please choose another label.',
    );
    expect(fieldLabelProblem(fields('Name', 'Email'))).toBeNull();
  });
});
