import { describe, expect, it, vi } from 'vitest';
import { CHECKBOX_ANSWERS, type FieldType, FORM_FIELD_TYPES, isIsoDate } from './field-kinds.js';
import {
  describeVisibleWhen,
  ruleHolds,
  VISIBILITY_OPS,
  type VisibilityAnswer,
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

/**
 * ORACLE: ruleHolds and visibleFieldIds as they were before each answer was read once per evaluation
 * (copied unchanged but for names), to hold the new ones to the same results on random inputs.
 */
const oracle = (() => {
  function normal(text: string): string {
    return text.trim().toLowerCase();
  }
  function partsOf(answer: VisibilityAnswer): string[] {
    if (answer === undefined) return [];
    const parts = typeof answer === 'string' ? [answer] : [...answer];
    return parts.map((part) => part.trim()).filter((part) => part !== '');
  }
  function isAnswered(type: FieldType, parts: readonly string[]): boolean {
    if (type === 'checkbox') return parts.some((part) => normal(part) === normal(CHECKBOX_ANSWERS.checked));
    return parts.length > 0;
  }
  function compare(type: FieldType, answer: string, value: string): number | undefined {
    if (type === 'date')
      return isIsoDate(answer) && isIsoDate(value) ? answer.localeCompare(value) : undefined;
    if (type === 'time')
      return /^\d{2}:\d{2}/.test(answer) && /^\d{2}:\d{2}/.test(value)
        ? answer.localeCompare(value)
        : undefined;
    const a = Number(answer);
    const b = Number(value);
    return answer !== '' && value.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)
      ? a - b
      : undefined;
  }
  function ruleHolds(rule: VisibilityRule, type: FieldType, answer: VisibilityAnswer): boolean {
    const parts = partsOf(answer);
    const value = rule.value ?? '';
    switch (rule.op) {
      case 'answered':
        return isAnswered(type, parts);
      case 'notAnswered':
        return !isAnswered(type, parts);
      case 'equals':
      case 'notEquals': {
        const said = type === 'checkbox' && !isAnswered(type, parts) ? [CHECKBOX_ANSWERS.unchecked] : parts;
        const equal = said.some((part) => normal(part) === normal(value));
        return rule.op === 'equals' ? equal : !equal;
      }
      case 'contains':
        if (type === 'checkboxes') return parts.some((part) => normal(part) === normal(value));
        return normal(value) !== '' && parts.some((part) => normal(part).includes(normal(value)));
      case 'gt':
      case 'lt': {
        const [first] = parts;
        if (first === undefined) return false;
        const order = compare(type, first.trim(), value.trim());
        if (order === undefined) return false;
        return rule.op === 'gt' ? order > 0 : order < 0;
      }
    }
  }
  function visibleFieldIds(
    fields: readonly VisibilityField[],
    answers: ReadonlyMap<string, VisibilityAnswer>,
  ): Set<string> {
    const visible = new Set<string>();
    const typeOf = new Map<string, FieldType>();
    for (const field of fields) {
      if (field.id === undefined) continue;
      typeOf.set(field.id, field.type);
      if (field.isRemoved) continue;
      const when = field.visibleWhen;
      let shows = true;
      if (when && when.rules.length > 0) {
        const holds = (rule: VisibilityRule) => {
          const type = typeOf.get(rule.fieldId);
          if (type === undefined) return false;
          return ruleHolds(rule, type, visible.has(rule.fieldId) ? answers.get(rule.fieldId) : undefined);
        };
        shows = when.match === 'any' ? when.rules.some(holds) : when.rules.every(holds);
      }
      if (shows) visible.add(field.id);
    }
    return visible;
  }
  return { ruleHolds, visibleFieldIds };
})();

/** A seeded generator (mulberry32), so a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

// Texts that make the operators disagree: case, outer spaces, blanks, numbers, days, times, the
// checkbox's words, parts of one another.
const TEXTS = [
  '',
  ' ',
  'Yes',
  ' yes ',
  'YES',
  'No',
  'no ',
  'Lunch',
  'lunch',
  'Lun',
  'Dinner, Lunch',
  'vegan',
  'Strictly VEGAN',
  '0',
  '2',
  ' 10 ',
  '-1.5',
  'ten',
  '1e3',
  '2026-06-01',
  '2026-12-24',
  '2026-02-30',
  '09:30',
  '12:00',
  '9:30',
  'İstanbul',
  'ǅ',
  '\u00a0Lunch\u00a0',
  'x\ny',
] as const;

function randomCase(
  random: ReturnType<typeof randomSource>,
  ids: readonly string[],
): { fields: VisibilityField[]; answers: Map<string, VisibilityAnswer> } {
  const text = () => {
    const base = random.pick(TEXTS);
    return random.int(4) === 0 ? ` ${base.toUpperCase()} ` : base;
  };
  const fields: VisibilityField[] = [];
  const count = 1 + random.int(8);
  for (let i = 0; i < count; i++) {
    const rules: VisibilityRule[] = Array.from({ length: random.int(4) }, () => ({
      fieldId: random.int(10) === 0 ? 'unknown' : random.pick(ids),
      op: random.pick(VISIBILITY_OPS),
      value: random.int(8) === 0 ? undefined : text(),
    }));
    fields.push({
      id: random.int(15) === 0 ? undefined : random.pick(ids),
      label: `F${i}`,
      type: random.pick(FORM_FIELD_TYPES),
      isRemoved: random.int(10) === 0,
      visibleWhen: rules.length > 0 ? { match: random.pick(['all', 'any'] as const), rules } : undefined,
    });
  }
  const answers = new Map<string, VisibilityAnswer>();
  for (const id of ids) {
    const kind = random.int(4);
    if (kind === 0) continue;
    answers.set(id, kind === 1 ? text() : Array.from({ length: random.int(5) }, text));
  }
  return { fields, answers };
}

describe('visibleFieldIds and ruleHolds against the oracle (each answer read once)', () => {
  it('decide as before on random fields, rules and answers, valid or not', () => {
    const random = randomSource(23);
    const ids = ['a', 'b', 'c', 'd', 'e'];
    let hidden = 0;
    let rulesChecked = 0;
    for (let round = 0; round < 3000; round++) {
      const { fields, answers } = randomCase(random, ids);
      const context = () => JSON.stringify({ round, fields, answers: [...answers] });
      const shown = [...visibleFieldIds(fields, answers)];
      const before = [...oracle.visibleFieldIds(fields, answers)];
      if (shown.join() !== before.join()) expect(shown, context()).toEqual(before);
      hidden += fields.filter((field) => field.id !== undefined && !shown.includes(field.id)).length;
      for (const field of fields) {
        for (const rule of field.visibleWhen?.rules ?? []) {
          for (const answer of [answers.get(rule.fieldId), undefined]) {
            const now = ruleHolds(rule, field.type, answer);
            const then = oracle.ruleHolds(rule, field.type, answer);
            if (now !== then) expect(now, `${context()} ${JSON.stringify({ rule, answer })}`).toBe(then);
            rulesChecked++;
          }
        }
      }
    }
    // The cases are not all alike: fields are hidden, many rules are judged.
    expect(hidden).toBeGreaterThan(1000);
    expect(rulesChecked).toBeGreaterThan(10_000);
  });
});

describe('visibleFieldIds: the work is the answers plus the rules, not their product', () => {
  /** A checkboxes field 'f0' and `following` fields of 10 'contains' rules on it, none of which holds. */
  function manyRules(following: number, type: FieldType = 'checkboxes'): VisibilityField[] {
    const fields: VisibilityField[] = [{ id: 'f0', label: 'F0', type }];
    for (let i = 1; i <= following; i++) {
      fields.push({
        id: `f${i}`,
        label: `F${i}`,
        type: 'text',
        visibleWhen: {
          match: 'any',
          rules: Array.from({ length: 10 }, (_, j) => ({
            fieldId: 'f0',
            op: 'contains',
            value: `r${i}-${j}`,
          })),
        },
      });
    }
    return fields;
  }

  /** How often a text is lowercased (each part's and each rule value's compared form) while `run` runs. */
  function lowercasings(run: () => void): number {
    const spy = vi.spyOn(String.prototype, 'toLowerCase');
    try {
      run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it.each([
    ['a checkboxes answer of 1,666 parts', 'checkboxes', Array.from({ length: 1666 }, () => 'a')],
    [
      'a checkboxes answer of 501 long parts',
      'checkboxes',
      Array.from({ length: 501 }, (_, i) => `${i}`.repeat(100)),
    ],
    ['a text answer sent as 501 parts', 'text', Array.from({ length: 501 }, (_, i) => `part ${i}`)],
  ] as const)('reads %s once for 1,990 rules on it', (_, type, parts) => {
    const fields = manyRules(199, type);
    const rules = 199 * 10;
    let shown: string[] = [];
    const calls = lowercasings(() => {
      shown = [...visibleFieldIds(fields, new Map([['f0', parts]]))];
    });
    expect(shown).toEqual(['f0']);
    // Before: every part again for every rule (1,990 × 1,666 × 2, some 6.6 million).
    expect(calls).toBeLessThanOrEqual(parts.length + rules);
  });

  it("reads an answer no rule looks at not at all, and a hidden field's not at all", () => {
    const fields: VisibilityField[] = [
      { id: 'gate', label: 'Gate', type: 'radio' },
      {
        id: 'f0',
        label: 'F0',
        type: 'checkboxes',
        visibleWhen: { match: 'all', rules: [{ fieldId: 'gate', op: 'equals', value: 'Open' }] },
      },
      ...manyRules(20).slice(1),
    ];
    const parts = Array.from({ length: 1000 }, (_, i) => `p${i}`);
    const calls = lowercasings(() => {
      expect([
        ...visibleFieldIds(
          fields,
          new Map<string, VisibilityAnswer>([
            ['f0', parts],
            ['gate', 'Closed'],
          ]),
        ),
      ]).toEqual(['gate']);
    });
    // The gate's answer and each rule's value: F0 is hidden, so its 1,000 parts are never read.
    expect(calls).toBeLessThanOrEqual(1 + 1 + 200);
  });
});
