// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  changeFieldType,
  cleanOptions,
  type FieldSettingsValue,
  fieldSettingsProblem,
  findFieldSettingsProblem,
  optionsFromText,
  optionsToText,
  toFieldRulesInput,
} from './field-settings-value';

const text: FieldSettingsValue = { type: 'text', placeHolder: 'Enter your plan' };
const dropdown: FieldSettingsValue = { type: 'dropdown', options: ['Basic', 'Pro'], placeHolder: '' };

describe('options', () => {
  it('are edited one per line and sent trimmed without blank lines', () => {
    const lines = optionsFromText(' Basic \n\n Pro\r\n');
    expect(optionsToText(lines)).toBe(' Basic \n\n Pro\n');
    expect(cleanOptions(lines)).toEqual(['Basic', 'Pro']);
  });

  it("are refused in the contract's words: none, a duplicate, too long, too many", () => {
    expect(fieldSettingsProblem({ ...dropdown, options: [' ', ''] }, 'Plan')).toBe(
      'Plan: add at least one option',
    );
    expect(findFieldSettingsProblem({ ...dropdown, options: ['Basic', ' Basic '] }, 'Plan')).toEqual({
      part: 'options',
      message: "The option 'Basic' is listed twice",
    });
    expect(fieldSettingsProblem({ ...dropdown, options: ['x'.repeat(201)] }, 'Plan')).toBe(
      'Options must be at most 200 characters',
    );
    const many = Array.from({ length: 501 }, (_, n) => `Option ${n}`);
    expect(fieldSettingsProblem({ ...dropdown, options: many }, 'Plan')).toBe(
      'A field can have at most 500 options',
    );
    expect(fieldSettingsProblem(dropdown, 'Plan')).toBeUndefined();
  });

  it('may come from a range of the sheet instead, checked for its shape', () => {
    const ranged = { ...dropdown, optionsFrom: { range: 'Lists!A2:A' } };
    expect(fieldSettingsProblem(ranged, 'Plan')).toBeUndefined();
    expect(findFieldSettingsProblem({ ...ranged, optionsFrom: { range: ' ' } }, 'Plan')).toEqual({
      part: 'range',
      message: 'Enter the range that holds the options',
    });
    expect(fieldSettingsProblem({ ...ranged, optionsFrom: { range: 'not a range' } }, 'Plan')).toBe(
      'Enter a range such as Lists!A2:A',
    );
    // The typed list is put aside, not sent, while the range is used.
    expect(toFieldRulesInput(ranged)).toEqual({
      type: 'dropdown',
      placeHolder: '',
      optionsFrom: { range: 'Lists!A2:A' },
    });
  });
});

describe('bounds', () => {
  it('are numbers for number fields and days for date fields, the minimum not above the maximum', () => {
    const age: FieldSettingsValue = { type: 'number', min: 18, max: 120, placeHolder: '' };
    expect(fieldSettingsProblem(age, 'Age')).toBeUndefined();
    expect(findFieldSettingsProblem({ ...age, min: 130 }, 'Age')).toEqual({
      part: 'bounds',
      message: 'Age: the minimum must not be above the maximum',
    });
    const day: FieldSettingsValue = { type: 'date', min: '2025-02-30', placeHolder: '' };
    expect(fieldSettingsProblem(day, 'Day')).toBe('Day: bounds must be dates written YYYY-MM-DD');
    expect(fieldSettingsProblem({ ...day, min: '2025-01-01', max: '2025-12-31' }, 'Day')).toBeUndefined();
  });
});

describe('a change of type', () => {
  it('keeps the options aside for a type without them and brings them back', () => {
    const asText = changeFieldType({ ...dropdown, allowOther: true }, 'text');
    expect(toFieldRulesInput(asText)).toEqual({ type: 'text', placeHolder: '' });
    expect(fieldSettingsProblem(asText, 'Plan')).toBeUndefined();
    expect(toFieldRulesInput(changeFieldType(asText, 'radio'))).toEqual({
      type: 'radio',
      placeHolder: '',
      options: ['Basic', 'Pro'],
      allowOther: true,
    });
  });

  it("drops the bounds (a number bound is no date) and sends 'Other' only where it is offered", () => {
    const age: FieldSettingsValue = { type: 'number', min: 1, max: 9, placeHolder: '' };
    expect(changeFieldType(age, 'date')).toMatchObject({ type: 'date', min: undefined, max: undefined });
    expect(toFieldRulesInput({ ...dropdown, allowOther: true })).not.toHaveProperty('allowOther');
    expect(changeFieldType(text, 'text')).toBe(text);
  });
});
