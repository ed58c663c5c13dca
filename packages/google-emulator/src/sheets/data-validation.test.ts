import { describe, expect, it } from 'vitest';
import {
  checkDataValidationRule,
  clipValidation,
  type DataValidationRule,
  insertRowsInValidation,
  ruleAt,
  ruleProblemMessage,
  setValidation,
} from './data-validation.js';

const list: DataValidationRule = {
  condition: { type: 'ONE_OF_LIST', values: [{ userEnteredValue: 'A' }, { userEnteredValue: 'B' }] },
};
const bool: DataValidationRule = { condition: { type: 'BOOLEAN' } };

function problem(rule: unknown): string {
  const checked = checkDataValidationRule(rule);
  if (checked.ok) throw new Error(`expected ${JSON.stringify(rule)} to be refused`);
  return ruleProblemMessage(checked.problem, 'rule');
}

describe('checkDataValidationRule', () => {
  it('answers a rule as Google does: false and empty fields left out, snake_case read too', () => {
    expect(
      checkDataValidationRule({
        condition: {
          type: 'NUMBER_BETWEEN',
          values: [{ userEnteredValue: '1' }, { user_entered_value: '5' }],
        },
        input_message: '',
        strict: false,
        showCustomUi: true,
      }),
    ).toEqual({
      ok: true,
      rule: {
        condition: { type: 'NUMBER_BETWEEN', values: [{ userEnteredValue: '1' }, { userEnteredValue: '5' }] },
        showCustomUi: true,
      },
    });
    expect(checkDataValidationRule({ condition: { type: 'BOOLEAN', values: [] } })).toEqual({
      ok: true,
      rule: { condition: { type: 'BOOLEAN' } },
    });
  });

  it('takes every condition type the product reads, with the number of values Google documents', () => {
    const cases: Array<[string, string[]]> = [
      ['ONE_OF_LIST', ['Morning']],
      ['ONE_OF_RANGE', ['=Lists!A2:A']],
      ['BOOLEAN', []],
      ['BOOLEAN', ['Yes']],
      ['BOOLEAN', ['Yes', 'No']],
      ['NUMBER_BETWEEN', ['1', '5']],
      ['NUMBER_NOT_BETWEEN', ['-1.5', '2e3']],
      ['NUMBER_GREATER', ['0']],
      ['NUMBER_GREATER_THAN_EQ', ['0']],
      ['NUMBER_LESS', ['10']],
      ['NUMBER_LESS_THAN_EQ', ['=A1*2']],
      ['NUMBER_EQ', ['3']],
      ['DATE_IS_VALID', []],
      ['DATE_BETWEEN', ['2024-01-01', '12/31/2024']],
      ['DATE_AFTER', ['2024-02-29']],
      ['DATE_BEFORE', ['2030-01-01']],
      ['DATE_ON_OR_AFTER', ['2024-01-01']],
      ['DATE_ON_OR_BEFORE', ['=TODAY()']],
      ['TEXT_IS_EMAIL', []],
      ['TEXT_IS_URL', []],
      ['CUSTOM_FORMULA', ['=LEN(A2)>3']],
    ];
    for (const [type, values] of cases) {
      const checked = checkDataValidationRule({
        condition: { type, values: values.map((userEnteredValue) => ({ userEnteredValue })) },
      });
      expect(checked.ok, `${type} ${values.join(',')}`).toBe(true);
    }
  });

  it('answers a range rule with a leading =, whether or not it was given one', () => {
    for (const given of ['Lists!A2:A', '=Lists!A2:A']) {
      const checked = checkDataValidationRule({
        condition: { type: 'ONE_OF_RANGE', values: [{ userEnteredValue: given }] },
      });
      expect(checked).toMatchObject({
        ok: true,
        rule: { condition: { values: [{ userEnteredValue: '=Lists!A2:A' }] } },
      });
    }
  });

  it('refuses an unknown type as Google’s JSON parser does, and types data validation does not take', () => {
    expect(problem({ condition: { type: 'ONE_OF_SET' } })).toBe(
      `Invalid value at 'rule.condition.type' (type.googleapis.com/google.apps.sheets.v4.ConditionType), "ONE_OF_SET"`,
    );
    expect(problem({ condition: { type: 'BLANK' } })).toBe(
      'The condition type BLANK is not supported by data validation.',
    );
    expect(problem({ condition: {} })).toBe('A data validation rule needs a condition type.');
    expect(problem({ strict: true })).toBe('A data validation rule needs a condition.');
    expect(problem({ condition: { type: 'BOOLEAN' }, colour: 'red' })).toBe(
      `Invalid JSON payload received. Unknown name "colour" at 'rule': Cannot find field.`,
    );
    expect(problem({ condition: { type: 'BOOLEAN' }, strict: 'yes' })).toBe(
      `Invalid value at 'rule.strict' (TYPE_BOOL), "yes"`,
    );
  });

  it('refuses the wrong number of values, and values that do not read as their kind', () => {
    expect(problem({ condition: { type: 'NUMBER_BETWEEN', values: [{ userEnteredValue: '1' }] } })).toBe(
      'The condition type NUMBER_BETWEEN requires exactly 2 values, but 1 was given.',
    );
    expect(problem({ condition: { type: 'TEXT_IS_EMAIL', values: [{ userEnteredValue: 'x' }] } })).toBe(
      'The condition type TEXT_IS_EMAIL requires no values, but 1 was given.',
    );
    expect(problem({ condition: { type: 'ONE_OF_LIST', values: [] } })).toBe(
      'The condition type ONE_OF_LIST requires at least 1 value, but 0 were given.',
    );
    const three = ['a', 'b', 'c'].map((userEnteredValue) => ({ userEnteredValue }));
    expect(problem({ condition: { type: 'BOOLEAN', values: three } })).toBe(
      'The condition type BOOLEAN requires 0 to 2 values, but 3 were given.',
    );
    expect(problem({ condition: { type: 'NUMBER_GREATER', values: [{ userEnteredValue: 'ten' }] } })).toBe(
      'The condition type NUMBER_GREATER needs numbers; "ten" is not a number.',
    );
    expect(problem({ condition: { type: 'DATE_AFTER', values: [{ userEnteredValue: '2023-02-29' }] } })).toBe(
      'The condition type DATE_AFTER needs dates; "2023-02-29" is not a date.',
    );
    expect(problem({ condition: { type: 'ONE_OF_RANGE', values: [{ userEnteredValue: 'Lists!' }] } })).toBe(
      'The condition type ONE_OF_RANGE needs a range in A1 notation; "Lists!" is not one.',
    );
    expect(problem({ condition: { type: 'CUSTOM_FORMULA', values: [{ userEnteredValue: 'A2>1' }] } })).toBe(
      'The condition type CUSTOM_FORMULA needs a formula starting with "="; got "A2>1".',
    );
    expect(problem({ condition: { type: 'ONE_OF_LIST', values: [{ userEnteredValue: ' ' }] } })).toBe(
      "The condition's value 1 is empty.",
    );
    expect(problem({ condition: { type: 'DATE_AFTER', values: [{ relativeDate: 'TODAY' }] } })).toBe(
      'Relative dates are not supported in data validation.',
    );
  });
});

describe('rules on ranges', () => {
  it('gives each cell at most one rule, the newest, and clears cells without a rule', () => {
    // B2:B (open) holds a list; then C2:D3 gets a checkbox; then B3 is cleared.
    let ranges = setValidation([], { startRowIndex: 1, startColumnIndex: 1, endColumnIndex: 2 }, list);
    ranges = setValidation(
      ranges,
      { startRowIndex: 1, endRowIndex: 3, startColumnIndex: 1, endColumnIndex: 4 },
      bool,
    );
    ranges = setValidation(
      ranges,
      { startRowIndex: 2, endRowIndex: 3, startColumnIndex: 1, endColumnIndex: 2 },
      undefined,
    );
    expect(ruleAt(ranges, 0, 1)).toBeUndefined();
    expect(ruleAt(ranges, 1, 1)).toBe(bool);
    expect(ruleAt(ranges, 2, 1)).toBeUndefined();
    expect(ruleAt(ranges, 2, 3)).toBe(bool);
    expect(ruleAt(ranges, 3, 1)).toBe(list);
    expect(ruleAt(ranges, 999_999, 1)).toBe(list);
    expect(ruleAt(ranges, 5, 0)).toBeUndefined();
    expect(ruleAt(ranges, 5, 2)).toBeUndefined();
    expect(ranges.filter((range) => range.rule === list)).toHaveLength(1);
  });

  it('moves rules with inserted rows, and stretches a rule that reaches the row above them', () => {
    const ranges = [
      { startRowIndex: 1, endRowIndex: 3, startColumnIndex: 0, endColumnIndex: 1, rule: list },
      { startRowIndex: 5, endRowIndex: 6, startColumnIndex: 0, endColumnIndex: 1, rule: bool },
      { startRowIndex: 1, startColumnIndex: 2, endColumnIndex: 3, rule: bool },
    ];
    const moved = insertRowsInValidation(ranges, 3, 2) ?? [];
    expect(moved.map((range) => [range.startRowIndex, range.endRowIndex])).toEqual([
      [1, 5],
      [7, 8],
      [1, undefined],
    ]);
    expect(insertRowsInValidation(undefined, 3, 2)).toBeUndefined();
  });

  it('drops rules beyond a shrunken grid and keeps open ends open', () => {
    const ranges = [
      { startRowIndex: 1, endRowIndex: 900, startColumnIndex: 0, endColumnIndex: 1, rule: list },
      { startRowIndex: 600, startColumnIndex: 1, endColumnIndex: 2, rule: bool },
      { startRowIndex: 1, startColumnIndex: 2, rule: bool },
    ];
    expect(clipValidation(ranges, 500, 26)).toEqual([
      { startRowIndex: 1, endRowIndex: 500, startColumnIndex: 0, endColumnIndex: 1, rule: list },
      { startRowIndex: 1, startColumnIndex: 2, rule: bool },
    ]);
  });
});
