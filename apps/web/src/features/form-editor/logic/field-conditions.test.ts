// @vitest-environment node
import type { FormFieldInput } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { conditionSaveProblem, markRemoved, moveField, toEditorFields, toSavedFields } from './editor-fields';
import {
  conditionTargets,
  conditionValueKind,
  conditionWarnings,
  newRule,
  ruleWarning,
  withOp,
} from './field-conditions';
import { CONDITION_TEXT } from './messages';

const jdata: FormFieldInput[] = [
  { id: 'att', label: 'Attending', type: 'radio', options: ['Yes', 'No'] },
  { id: 'guests', label: 'Guests', type: 'number' },
  { id: 'gone', label: 'Old question', type: 'text', isRemoved: true },
  {
    id: 'diet',
    label: 'Diet',
    type: 'text',
    visibleWhen: { match: 'all', rules: [{ fieldId: 'att', op: 'equals', value: 'Yes' }] },
  },
  { id: 'ok', label: 'Agree', type: 'checkbox' },
];

const keyOf = (fields: ReturnType<typeof toEditorFields>, id: string) =>
  fields.find((field) => field.id === id)?.key ?? '';

describe('field conditions', () => {
  it('offers only the shown fields above a field', () => {
    const fields = toEditorFields(jdata);
    expect(conditionTargets(fields, keyOf(fields, 'diet')).map((field) => field.label)).toEqual([
      'Attending',
      'Guests',
    ]);
    expect(conditionTargets(fields, keyOf(fields, 'att'))).toEqual([]);
  });

  it("takes a choice field's options, Yes/No for a checkbox and a typed input otherwise", () => {
    const [att, guests, , diet, ok] = toEditorFields(jdata);
    expect(conditionValueKind(att!)).toEqual({ kind: 'options', options: ['Yes', 'No'] });
    expect(conditionValueKind(ok!)).toEqual({ kind: 'options', options: ['Yes', 'No'] });
    expect(conditionValueKind(guests!)).toEqual({ kind: 'number' });
    expect(conditionValueKind(diet!)).toEqual({ kind: 'text' });
    const fromSheet = toEditorFields([{ label: 'Plan', type: 'dropdown', optionsFrom: { range: 'L!A2:A' } }]);
    expect(conditionValueKind(fromSheet[0]!)).toEqual({ kind: 'text' });
  });

  it('starts a rule with the first operator and option, and drops the value where none is compared', () => {
    const [att, guests] = toEditorFields(jdata);
    expect(newRule(att!)).toEqual({ fieldId: 'att', op: 'equals', value: 'Yes' });
    expect(newRule(guests!)).toEqual({ fieldId: 'guests', op: 'equals', value: '' });
    expect(withOp({ fieldId: 'att', op: 'equals', value: 'No' }, 'answered', att)).toEqual({
      fieldId: 'att',
      op: 'answered',
    });
    expect(withOp({ fieldId: 'att', op: 'answered' }, 'notEquals', att)).toEqual({
      fieldId: 'att',
      op: 'notEquals',
      value: 'Yes',
    });
  });

  it('warns when the field a rule uses is removed or moved below, and Update Form refuses it', () => {
    const fields = toEditorFields(jdata);
    const diet = keyOf(fields, 'diet');
    expect(conditionWarnings(fields).size).toBe(0);
    expect(conditionSaveProblem(fields)).toBeUndefined();

    // Diet moves above Attending (past Guests and the removed field).
    const moved = moveField(moveField(fields, diet, -1), diet, -1);
    expect(conditionWarnings(moved).get(diet)).toBe(CONDITION_TEXT.below);
    expect(conditionSaveProblem(moved)).toBe('Diet: a condition can only refer to a question before it');
    expect(conditionSaveProblem(moveField(moved, diet, 1))).toBeUndefined();

    const removed = markRemoved(fields, keyOf(fields, 'att'));
    expect(conditionWarnings(removed).get(diet)).toBe(CONDITION_TEXT.removed);
    expect(conditionSaveProblem(removed)).toBe('Diet: a condition refers to a removed field');
  });

  it("warns when the field's type changed under a rule, and refuses a rule without its value", () => {
    const fields = toEditorFields(jdata);
    const rule = { fieldId: 'guests', op: 'contains' as const, value: '2' };
    expect(ruleWarning(rule, keyOf(fields, 'diet'), fields)).toBe(
      "'contains' does not fit Guests: choose another condition",
    );
    const blank = toEditorFields([
      ...jdata.slice(0, 2),
      {
        id: 'x',
        label: 'X',
        visibleWhen: { match: 'any', rules: [{ fieldId: 'guests', op: 'gt', value: ' ' }] },
      },
    ]);
    expect(conditionSaveProblem(blank)).toBe('X: the condition on Guests needs a value');
  });

  it("saves a removed field's rules only while they still hold together, so they never stop a save", () => {
    const fields = toEditorFields([
      ...jdata.slice(0, 2),
      {
        id: 'later',
        label: 'Later',
        isRemoved: true,
        visibleWhen: {
          match: 'any',
          rules: [
            { fieldId: 'guests', op: 'gt', value: '2' },
            { fieldId: 'nowhere', op: 'answered' },
          ],
        },
      },
    ]);
    const saved = toSavedFields(fields);
    expect(saved[2]?.visibleWhen).toEqual({
      match: 'any',
      rules: [{ fieldId: 'guests', op: 'gt', value: '2' }],
    });
    expect(conditionSaveProblem(fields)).toBeUndefined();
  });

  it('never saves a hidden field as required', () => {
    const fields = toEditorFields([{ id: 'ref', label: 'ref', type: 'hidden' }]);
    const required = fields.map((field) => ({ ...field, required: true }));
    expect(toSavedFields(required)[0]?.required).toBe(false);
  });
});
