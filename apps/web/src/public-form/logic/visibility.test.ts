// @vitest-environment node
import type { PublicFormField } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { conditionInputNames, hasConditions, shownFieldIds, shownFields } from './visibility';

const field = (id: string, label: string, extra: Partial<PublicFormField> = {}): PublicFormField => ({
  id,
  label,
  type: 'text',
  required: false,
  placeHolder: '',
  ...extra,
});

const fields = [
  field('a', 'Plan', { type: 'checkboxes', options: ['Basic', 'Pro'], allowOther: true }),
  field('b', 'Company', {
    visibleWhen: { match: 'all', rules: [{ fieldId: 'a', op: 'contains', value: 'Pro' }] },
  }),
  field('c', 'Size', { visibleWhen: { match: 'any', rules: [{ fieldId: 'b', op: 'answered' }] } }),
  field('d', 'Notes'),
];

describe('shown fields', () => {
  it('reads the answers by label and judges them by id, a hidden field closing the chain after it', () => {
    expect([...shownFieldIds(fields, {})]).toEqual(['a', 'd']);
    expect([...shownFieldIds(fields, { Plan: ['Pro'], Company: 'Acme' })]).toEqual(['a', 'b', 'c', 'd']);
    // Company keeps its text while hidden, but counts as unanswered: Size closes too.
    expect(shownFields(fields, { Plan: ['Basic'], Company: 'Acme' }).map((f) => f.label)).toEqual([
      'Plan',
      'Notes',
    ]);
  });

  it('watches only the inputs a condition looks at, and nothing on a form without conditions', () => {
    expect([...conditionInputNames(fields)].sort()).toEqual([
      'answer:Company',
      'answer:Plan',
      'other:Company',
      'other:Plan',
    ]);
    const plain = [field('x', 'Name'), field('y', 'Email')];
    expect(hasConditions(plain)).toBe(false);
    expect(conditionInputNames(plain).size).toBe(0);
    expect(shownFields(plain, {})).toEqual(plain);
  });

  it('reads a field labelled like an Object member as unanswered until it is answered', () => {
    const proto = [
      field('p', 'constructor'),
      field('q', 'valueOf', { visibleWhen: { match: 'all', rules: [{ fieldId: 'p', op: 'answered' }] } }),
    ];
    expect([...shownFieldIds(proto, {})]).toEqual(['p']);
    expect([...shownFieldIds(proto, { constructor: 'yes' })]).toEqual(['p', 'q']);
  });
});
