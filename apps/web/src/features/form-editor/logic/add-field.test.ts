// @vitest-environment node
import type { SheetHeader } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { ADD_FIELD_MESSAGES, addColumn, addQuestion, unusedSheetColumns } from './add-field';
import { toEditorFields } from './editor-fields';

function header(index: number, name: string, extra: Partial<SheetHeader> = {}): SheetHeader {
  return { index, name, sampleData: [], suggestedType: 'text', typeReason: 'default', ...extra };
}

const headers = [
  header(0, 'Timestamp'),
  header(1, 'Name'),
  header(2, 'Phone'),
  header(3, 'Plan', {
    suggestedType: 'dropdown',
    typeReason: 'rule',
    options: ['Basic', 'Pro'],
    sampleData: ['Pro'],
  }),
  header(4, 'Seats', { suggestedType: 'number', typeReason: 'rule', min: 1, max: 50 }),
  header(5, 'Team', { suggestedType: 'dropdown', typeReason: 'rule', optionsFrom: { range: 'Lists!A2:A' } }),
];

describe('unused sheet columns', () => {
  it('offers the columns no field writes to, never a system column', () => {
    const fields = toEditorFields([
      { label: 'Name', name: 'Name', column: 1 },
      // Renamed: it still writes to Phone.
      { label: 'Mobile', name: 'Phone', column: 2 },
      // Removed fields keep their column.
      { label: 'Seats', isRemoved: true },
    ]);
    expect(unusedSheetColumns(headers, fields).map((h) => h.name)).toEqual(['Plan', 'Team']);
  });

  it('finds a column by header text, case and spaces aside, and tells two equal headers apart by position', () => {
    const twin = [header(0, 'Notes'), header(1, 'notes '), header(2, 'Other')];
    expect(unusedSheetColumns(twin, toEditorFields([{ label: 'NOTES' }])).map((h) => h.index)).toEqual([
      1, 2,
    ]);
    expect(
      unusedSheetColumns(twin, toEditorFields([{ label: 'Notes', name: 'notes ', column: 1 }])).map(
        (h) => h.index,
      ),
    ).toEqual([0, 2]);
    // A sheet whose header was changed since: the text decides, not the old position.
    expect(
      unusedSheetColumns(twin, toEditorFields([{ label: 'Gone', name: 'Gone', column: 2 }])).map(
        (h) => h.index,
      ),
    ).toEqual([0, 1, 2]);
  });
});

describe('adding a field', () => {
  const fields = toEditorFields([{ label: 'Name', name: 'Name', column: 1 }]);

  it('adds a column at the end with its suggested type, options or range, bounds, and binding', () => {
    const plan = addColumn(fields, headers[3] as SheetHeader, 'new-1');
    expect(plan.ok && plan.fields.map((field) => field.label)).toEqual(['Name', 'Plan']);
    expect(plan.ok && plan.field).toMatchObject({
      key: 'new-1',
      label: 'Plan',
      name: 'Plan',
      column: 3,
      typeHint: "From the sheet's dropdown",
      settings: { type: 'dropdown', options: ['Basic', 'Pro'], placeHolder: 'Enter your plan' },
    });
    expect(plan.ok && plan.field.saved).toBeUndefined();

    const seats = addColumn(fields, headers[4] as SheetHeader, 'new-2');
    expect(seats.ok && seats.field.settings).toMatchObject({ type: 'number', min: 1, max: 50 });
    const team = addColumn(fields, headers[5] as SheetHeader, 'new-3');
    expect(team.ok && team.field).toMatchObject({
      suggestedRange: 'Lists!A2:A',
      settings: { type: 'dropdown', optionsFrom: { range: 'Lists!A2:A' } },
    });
  });

  it('refuses a column whose header a shown field already has as its label', () => {
    const renamed = toEditorFields([{ label: 'Phone', name: 'Mobile', column: 7 }]);
    expect(addColumn(renamed, headers[2] as SheetHeader, 'new-1')).toEqual({
      ok: false,
      error: 'Each field needs its own label: "Phone" is used more than once.',
    });
  });

  it('adds a new question as a text field with no column yet', () => {
    const result = addQuestion(fields, '  How did you hear about us? ', 'new-1');
    expect(result.ok && result.field).toEqual({
      key: 'new-1',
      label: 'How did you hear about us?',
      required: false,
      isRemoved: false,
      settings: { type: 'text', placeHolder: 'Your answer' },
    });
  });

  it('gives a question named like an unused column that column', () => {
    const unused = unusedSheetColumns(headers, fields);
    const result = addQuestion(fields, 'plan', 'new-1', unused);
    expect(result.ok && result.field).toMatchObject({
      label: 'plan',
      name: 'Plan',
      column: 3,
      settings: { type: 'dropdown' },
    });
  });

  it('refuses a blank label, a shown label, a system column and a column another field writes to', () => {
    const existing = toEditorFields([
      { label: 'Name' },
      { label: 'Mobile', name: 'Phone', column: 2 },
      { label: 'Age', isRemoved: true },
    ]);
    expect(addQuestion(existing, '  ', 'k')).toEqual({ ok: false, error: ADD_FIELD_MESSAGES.labelRequired });
    expect(addQuestion(existing, 'name', 'k')).toEqual({
      ok: false,
      error: 'Each field needs its own label: "name" is used more than once.',
    });
    expect(addQuestion(existing, 'Response ID', 'k')).toEqual({
      ok: false,
      error:
        '"Response ID" is a column SheetForms fills in itself (Timestamp, Response ID, Signature): please choose another label.',
    });
    expect(addQuestion(existing, 'Phone', 'k')).toEqual({
      ok: false,
      error: '"Phone" is the sheet column of the field "Mobile": please choose another label.',
    });
    expect(addQuestion(existing, 'age', 'k')).toEqual({
      ok: false,
      error: '"age" is the sheet column of the removed field "Age": restore that field instead.',
    });
  });

  it('stops at the most fields a form may have', () => {
    const full = toEditorFields(Array.from({ length: 200 }, (_, n) => ({ label: `Q${n}` })));
    expect(addQuestion(full, 'One more', 'k')).toEqual({ ok: false, error: ADD_FIELD_MESSAGES.tooMany });
    expect(addColumn(full, headers[2] as SheetHeader, 'k')).toEqual({
      ok: false,
      error: 'A form can have at most 200 fields',
    });
  });
});
