import { describe, expect, it } from 'vitest';
import {
  describeVisibleWhen,
  ruleHolds,
  type VisibilityField,
  type VisibilityRule,
  visibilityProblem,
  visibleFieldIds,
} from './field-visibility.js';
import { FormFieldsInputSchema } from './forms.js';

const rule = (op: VisibilityRule['op'], value?: string): VisibilityRule => ({ fieldId: 'x', op, value });

describe('ruleHolds: every operator', () => {
  it('equals and notEquals compare text without case or outer spaces', () => {
    expect(ruleHolds(rule('equals', 'Yes'), 'radio', ' yes ')).toBe(true);
    expect(ruleHolds(rule('equals', 'Yes'), 'radio', 'No')).toBe(false);
    expect(ruleHolds(rule('notEquals', 'Yes'), 'radio', 'No')).toBe(true);
    expect(ruleHolds(rule('notEquals', 'Yes'), 'radio', undefined)).toBe(true);
    expect(ruleHolds(rule('equals', 'Yes'), 'radio', undefined)).toBe(false);
  });

  it('a checkboxes answer is, and contains, each chosen option', () => {
    expect(ruleHolds(rule('equals', 'Lunch'), 'checkboxes', ['Dinner', 'Lunch'])).toBe(true);
    expect(ruleHolds(rule('contains', 'lunch'), 'checkboxes', ['Dinner', 'Lunch'])).toBe(true);
    expect(ruleHolds(rule('contains', 'Lun'), 'checkboxes', ['Lunch'])).toBe(false);
    expect(ruleHolds(rule('notEquals', 'Lunch'), 'checkboxes', ['Dinner'])).toBe(true);
  });

  it('contains finds text inside a typed answer, and nothing for an empty value', () => {
    expect(ruleHolds(rule('contains', 'vegan'), 'textarea', 'Strictly VEGAN, thanks')).toBe(true);
    expect(ruleHolds(rule('contains', 'vegan'), 'text', 'none')).toBe(false);
    expect(ruleHolds(rule('contains', ''), 'text', 'anything')).toBe(false);
  });

  it('answered and notAnswered: blank is not an answer, and an unchecked checkbox is not either', () => {
    expect(ruleHolds(rule('answered'), 'text', '  ')).toBe(false);
    expect(ruleHolds(rule('answered'), 'text', 'x')).toBe(true);
    expect(ruleHolds(rule('notAnswered'), 'checkboxes', [])).toBe(true);
    expect(ruleHolds(rule('answered'), 'checkbox', 'No')).toBe(false);
    expect(ruleHolds(rule('answered'), 'checkbox', 'Yes')).toBe(true);
  });

  it('a checkbox left alone is No', () => {
    expect(ruleHolds(rule('equals', 'No'), 'checkbox', undefined)).toBe(true);
    expect(ruleHolds(rule('equals', 'Yes'), 'checkbox', 'Yes')).toBe(true);
    expect(ruleHolds(rule('notEquals', 'Yes'), 'checkbox', undefined)).toBe(true);
  });

  it('gt and lt compare numbers as numbers, days and times as written, and never text', () => {
    expect(ruleHolds(rule('gt', '2'), 'number', '10')).toBe(true);
    expect(ruleHolds(rule('lt', '2'), 'number', '10')).toBe(false);
    expect(ruleHolds(rule('gt', '2'), 'number', '')).toBe(false);
    expect(ruleHolds(rule('gt', '2'), 'number', 'ten')).toBe(false);
    expect(ruleHolds(rule('gt', '2026-06-01'), 'date', '2026-12-24')).toBe(true);
    expect(ruleHolds(rule('lt', '2026-06-01'), 'date', '2026-12-24')).toBe(false);
    expect(ruleHolds(rule('lt', '12:00'), 'time', '09:30')).toBe(true);
    expect(ruleHolds(rule('gt', 'b'), 'text', 'c')).toBe(false);
  });
});

const attending: VisibilityField = { id: 'attending', label: 'Attending', type: 'radio' };
const guests: VisibilityField = {
  id: 'guests',
  label: 'Guests',
  type: 'number',
  visibleWhen: { match: 'all', rules: [{ fieldId: 'attending', op: 'equals', value: 'Yes' }] },
};
const diet: VisibilityField = {
  id: 'diet',
  label: 'Dietary needs',
  type: 'text',
  visibleWhen: { match: 'all', rules: [{ fieldId: 'guests', op: 'gt', value: '0' }] },
};
const reason: VisibilityField = {
  id: 'reason',
  label: 'Why not?',
  type: 'text',
  visibleWhen: {
    match: 'any',
    rules: [
      { fieldId: 'attending', op: 'equals', value: 'No' },
      { fieldId: 'attending', op: 'notAnswered' },
    ],
  },
};

describe('visibleFieldIds', () => {
  const fields = [attending, guests, diet, reason];
  const visible = (answers: Record<string, string>) => [
    ...visibleFieldIds(fields, new Map(Object.entries(answers))),
  ];

  it('shows a follow-up when its rule holds, with all and any', () => {
    expect(visible({ attending: 'Yes', guests: '2' })).toEqual(['attending', 'guests', 'diet']);
    expect(visible({ attending: 'No' })).toEqual(['attending', 'reason']);
    expect(visible({})).toEqual(['attending', 'reason']);
  });

  it('closes a chain as a whole: an answer sent for a hidden field counts for nothing', () => {
    // Guests is hidden (not attending), so its '3' cannot open Dietary needs.
    expect(visible({ attending: 'No', guests: '3' })).toEqual(['attending', 'reason']);
  });

  it('never shows a removed field, and a rule on it reads no answer', () => {
    const removed = { ...attending, isRemoved: true };
    const ids = visibleFieldIds([removed, guests, reason], new Map([['attending', 'Yes']]));
    expect([...ids]).toEqual(['reason']);
  });
});

describe('visibilityProblem: rules refer only to fields before them', () => {
  it('accepts rules on earlier fields', () => {
    expect(visibilityProblem([attending, guests, diet, reason])).toBeUndefined();
  });

  it('refuses a forward reference, a field of its own, an unknown field, naming the field', () => {
    expect(visibilityProblem([guests, attending])).toBe(
      'Guests: a condition can only refer to a question before it',
    );
    const own = {
      ...attending,
      visibleWhen: { match: 'all' as const, rules: [{ fieldId: 'attending', op: 'answered' as const }] },
    };
    expect(visibilityProblem([own])).toBe('Attending: a condition cannot refer to the field itself');
    const unknown = {
      ...guests,
      visibleWhen: { match: 'all' as const, rules: [{ fieldId: 'nope', op: 'answered' as const }] },
    };
    expect(visibilityProblem([attending, unknown])).toBe(
      'Guests: a condition refers to a field that does not exist',
    );
  });

  it('refuses an operator that does not fit the field, and a comparison without a value', () => {
    const wrongOp = {
      ...diet,
      visibleWhen: {
        match: 'all' as const,
        rules: [{ fieldId: 'attending', op: 'gt' as const, value: '1' }],
      },
    };
    expect(visibilityProblem([attending, wrongOp])).toBe(
      "Dietary needs: 'is more than' does not fit Attending",
    );
    const noValue = {
      ...guests,
      visibleWhen: {
        match: 'all' as const,
        rules: [{ fieldId: 'attending', op: 'equals' as const, value: ' ' }],
      },
    };
    expect(visibilityProblem([attending, noValue])).toBe('Guests: the condition on Attending needs a value');
  });

  it('is part of the form schema: a cycle or forward reference is a 400 naming the field', () => {
    const parsed = FormFieldsInputSchema.safeParse([
      { id: 'a', label: 'A', type: 'text', visibleWhen: { rules: [{ fieldId: 'b', op: 'answered' }] } },
      { id: 'b', label: 'B', type: 'text', visibleWhen: { rules: [{ fieldId: 'a', op: 'answered' }] } },
    ]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('A: a condition can only refer to a question before it');
  });

  it('refuses a required hidden field', () => {
    const parsed = FormFieldsInputSchema.safeParse([
      { id: 'ref', label: 'ref', type: 'hidden', required: true },
    ]);
    expect(parsed.error?.issues[0]?.message).toBe('ref: a hidden field cannot be required');
  });
});

describe('describeVisibleWhen', () => {
  it('reads as a sentence, naming a removed field as such', () => {
    const labels: Record<string, string> = { attending: 'Attending', guests: 'Guests' };
    expect(
      describeVisibleWhen(
        {
          match: 'all',
          rules: [
            { fieldId: 'attending', op: 'equals', value: 'Yes' },
            { fieldId: 'guests', op: 'gt', value: '2' },
          ],
        },
        (id) => labels[id],
      ),
    ).toBe('Shown when Attending is Yes and Guests is more than 2');
    expect(
      describeVisibleWhen({ match: 'any', rules: [{ fieldId: 'gone', op: 'answered' }] }, (id) => labels[id]),
    ).toBe('Shown when a removed field is answered');
  });
});
