import { describe, expect, it } from 'vitest';
import type { CellRule } from '../../google/sheets-client.js';
import { type RuleContext, suggestionFromRule } from './rule-suggestion.js';

const context: RuleContext = { sheetName: 'Orders', dateOrder: 'MDY' };
const rule = (type: string, ...values: (string | { relativeDate: string })[]): CellRule => ({
  type,
  values: values.map((value) => (typeof value === 'string' ? { userEnteredValue: value } : value)),
});
const suggest = (r: CellRule, ctx = context) => suggestionFromRule(r, ctx);

describe('suggestionFromRule', () => {
  it("makes a dropdown of a list rule's values: trimmed, blanks and repeats dropped", () => {
    expect(suggest(rule('ONE_OF_LIST', ' Small', 'Medium ', '', 'Small', 'Large'))).toEqual({
      suggestedType: 'dropdown',
      typeReason: 'rule',
      options: ['Small', 'Medium', 'Large'],
    });
  });

  it('keeps the first 500 values of a long list and drops values a form cannot offer', () => {
    const many = Array.from({ length: 600 }, (_, i) => `Option ${i}`);
    const options = suggest(rule('ONE_OF_LIST', ...many)).options;
    expect(options).toHaveLength(500);
    expect(options?.[499]).toBe('Option 499');
    expect(suggest(rule('ONE_OF_LIST', 'x'.repeat(201), 'Fine')).options).toEqual(['Fine']);
  });

  it('keeps a list rule with nothing usable as text, saying the rule is not checked', () => {
    for (const r of [
      rule('ONE_OF_LIST'),
      rule('ONE_OF_LIST', ' ', ''),
      rule('ONE_OF_LIST', 'y'.repeat(201)),
    ]) {
      expect(suggest(r)).toEqual({ suggestedType: 'text', typeReason: 'unsupported-rule' });
    }
  });

  it('makes a dropdown that reads its options from the range of a range rule', () => {
    expect(suggest(rule('ONE_OF_RANGE', '=Lists!$A$2:$A'))).toEqual({
      suggestedType: 'dropdown',
      typeReason: 'rule',
      optionsFrom: { range: 'Lists!A2:A' },
    });
    expect(suggest(rule('ONE_OF_RANGE', "='Plan list'!B2:B20")).optionsFrom).toEqual({
      range: "'Plan list'!B2:B20",
    });
    // Without a sheet name the range is on the rule's own sheet.
    expect(suggest(rule('ONE_OF_RANGE', '=$F$2:$F'), { ...context, sheetName: "Bob's" }).optionsFrom).toEqual(
      {
        range: "'Bob''s'!F2:F",
      },
    );
  });

  it('keeps a range rule the form cannot read as text', () => {
    for (const formula of ['=INDIRECT("Lists!A2:A")', '=MyNamedRange', '', '=Lists!A2:A, B2']) {
      expect(suggest(rule('ONE_OF_RANGE', formula)), formula).toEqual({
        suggestedType: 'text',
        typeReason: 'unsupported-rule',
      });
    }
  });

  it('makes a checkbox of a checkbox rule, an email or URL field of the text rules', () => {
    expect(suggest(rule('BOOLEAN'))).toEqual({ suggestedType: 'checkbox', typeReason: 'rule' });
    // A checkbox with its own checked and unchecked values would refuse the TRUE / FALSE a form writes.
    expect(suggest(rule('BOOLEAN', 'Y', 'N'))).toEqual({
      suggestedType: 'dropdown',
      typeReason: 'rule',
      options: ['Y', 'N'],
    });
    expect(suggest(rule('BOOLEAN', 'Done'))).toEqual({
      suggestedType: 'dropdown',
      typeReason: 'rule',
      options: ['Done'],
    });
    expect(suggest(rule('TEXT_IS_EMAIL'))).toEqual({ suggestedType: 'email', typeReason: 'rule' });
    expect(suggest(rule('TEXT_IS_URL'))).toEqual({ suggestedType: 'url', typeReason: 'rule' });
  });

  it('makes a number field with the bounds of the number rules', () => {
    expect(suggest(rule('NUMBER_BETWEEN', '1', '10'))).toEqual({
      suggestedType: 'number',
      typeReason: 'rule',
      min: 1,
      max: 10,
    });
    expect(suggest(rule('NUMBER_BETWEEN', '1,000', '-2.5'))).toMatchObject({ min: -2.5, max: 1000 });
    expect(suggest(rule('NUMBER_GREATER_THAN_EQ', '18'))).toEqual({
      suggestedType: 'number',
      typeReason: 'rule',
      min: 18,
    });
    expect(suggest(rule('NUMBER_GREATER', '0'))).toEqual({
      suggestedType: 'number',
      typeReason: 'rule',
      min: 0,
    });
    expect(suggest(rule('NUMBER_LESS', '100'))).toEqual({
      suggestedType: 'number',
      typeReason: 'rule',
      max: 100,
    });
    expect(suggest(rule('NUMBER_LESS_THAN_EQ', '.5'))).toEqual({
      suggestedType: 'number',
      typeReason: 'rule',
      max: 0.5,
    });
  });

  it('leaves out a bound that is a formula or not a number', () => {
    expect(suggest(rule('NUMBER_BETWEEN', '=B1', '10'))).toEqual({
      suggestedType: 'number',
      typeReason: 'rule',
      max: 10,
    });
    expect(suggest(rule('NUMBER_GREATER_THAN_EQ', 'ten'))).toEqual({
      suggestedType: 'number',
      typeReason: 'rule',
    });
    expect(suggest(rule('NUMBER_LESS'))).toEqual({ suggestedType: 'number', typeReason: 'rule' });
  });

  it('makes a date field with the bounds of the date rules, as YYYY-MM-DD', () => {
    expect(suggest(rule('DATE_IS_VALID'))).toEqual({ suggestedType: 'date', typeReason: 'rule' });
    expect(suggest(rule('DATE_BETWEEN', '1/15/2026', '2026-12-31'))).toEqual({
      suggestedType: 'date',
      typeReason: 'rule',
      min: '2026-01-15',
      max: '2026-12-31',
    });
    expect(suggest(rule('DATE_BETWEEN', '2026-12-31', '2026-01-01'))).toMatchObject({
      min: '2026-01-01',
      max: '2026-12-31',
    });
    expect(suggest(rule('DATE_AFTER', '1/15/2026')).min).toBe('2026-01-15');
    expect(suggest(rule('DATE_ON_OR_AFTER', '2026-01-15')).min).toBe('2026-01-15');
    expect(suggest(rule('DATE_BEFORE', '2/1/2026')).max).toBe('2026-02-01');
    expect(suggest(rule('DATE_ON_OR_BEFORE', '=DATE(2026,3,1)')).max).toBe('2026-03-01');
  });

  it("reads a rule's dates in the spreadsheet's locale", () => {
    expect(suggest(rule('DATE_AFTER', '2/1/2026'), { ...context, dateOrder: 'DMY' }).min).toBe('2026-01-02');
  });

  it('ignores relative dates and dates it cannot read, keeping the date type', () => {
    expect(suggest(rule('DATE_AFTER', { relativeDate: 'TODAY' }))).toEqual({
      suggestedType: 'date',
      typeReason: 'rule',
    });
    expect(suggest(rule('DATE_BETWEEN', 'soon', '2026-12-31'))).toEqual({
      suggestedType: 'date',
      typeReason: 'rule',
      max: '2026-12-31',
    });
  });

  it('keeps every other rule as text, saying the rule is not checked', () => {
    for (const type of [
      'CUSTOM_FORMULA',
      'TEXT_CONTAINS',
      'TEXT_NOT_CONTAINS',
      'TEXT_EQ',
      'NUMBER_NOT_BETWEEN',
      'NUMBER_EQ',
      'DATE_EQ',
      'DATE_NOT_BETWEEN',
      'BLANK',
      'SOMETHING_GOOGLE_ADDS_LATER',
    ]) {
      expect(suggest(rule(type, '=LEN(B2)<10')), type).toEqual({
        suggestedType: 'text',
        typeReason: 'unsupported-rule',
      });
    }
  });
});
