// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { newQuestionField } from './add-field';
import {
  blankLabelKeys,
  labelProblems,
  markRemoved,
  moveField,
  reorderFields,
  restoreField,
  settingsProblems,
  toEditorFields,
  toSavedFields,
  updateField,
  visibleFields,
} from './editor-fields';

const jdata = [
  {
    id: 'fname',
    label: 'Name',
    type: 'text' as const,
    required: true,
    placeHolder: 'Enter your name',
    isRemoved: false,
  },
  {
    id: 'femail',
    label: 'Email',
    type: 'email' as const,
    required: false,
    placeHolder: '',
    isRemoved: false,
    name: 'E-mail',
  },
  { id: 'fage', label: 'Age', type: 'number' as const, required: false, placeHolder: '', isRemoved: true },
];

const labels = (fields: ReturnType<typeof toEditorFields>) => fields.map((field) => field.label);

describe('editor fields', () => {
  it('gives each field a key, keeps its id and fills defaults', () => {
    const [only] = toEditorFields([{ label: 'Only' }]);
    expect(only).toMatchObject({
      key: 'saved-0',
      label: 'Only',
      required: false,
      isRemoved: false,
      settings: { type: 'text', placeHolder: '' },
    });
    expect(only?.id).toBeUndefined();
    expect(toEditorFields(jdata).map((field) => [field.key, field.id])).toEqual([
      ['saved-0', 'fname'],
      ['saved-1', 'femail'],
      ['saved-2', 'fage'],
    ]);
    expect(toEditorFields(jdata)[1]?.name).toBe('E-mail');
  });

  it('reads a choice field’s options, range, bounds and Other into the shared settings', () => {
    const [plan, day] = toEditorFields([
      { id: 'p', label: 'Plan', type: 'radio', options: ['Basic', 'Pro'], allowOther: true },
      { id: 'd', label: 'Day', type: 'date', min: '2025-01-01', max: '2025-12-31' },
    ]);
    expect(plan?.settings).toMatchObject({ type: 'radio', options: ['Basic', 'Pro'], allowOther: true });
    expect(day?.settings).toMatchObject({ type: 'date', min: '2025-01-01', max: '2025-12-31' });
  });

  it('marks a removed field isRemoved and hides it', () => {
    const fields = markRemoved(toEditorFields(jdata), 'saved-0');
    expect(fields[0]?.isRemoved).toBe(true);
    expect(labels(visibleFields(fields))).toEqual(['Email']);
  });

  it('gives a field removed with a blank label or unsaveable settings what was stored', () => {
    const blank = updateField(toEditorFields(jdata), 'saved-1', { label: '  ' });
    expect(blankLabelKeys(blank)).toEqual(['saved-1']);
    const removed = markRemoved(blank, 'saved-1');
    expect(removed[1]).toMatchObject({ label: 'Email', isRemoved: true });
    expect(blankLabelKeys(removed)).toEqual([]);

    const noOptions = updateField(toEditorFields(jdata), 'saved-0', {
      settings: { type: 'dropdown', options: [], placeHolder: '' },
    });
    expect([...settingsProblems(noOptions).values()]).toEqual(['Name: add at least one option']);
    const hidden = markRemoved(noOptions, 'saved-0');
    expect(hidden[0]?.settings.type).toBe('text');
    expect(toSavedFields(hidden)[0]).toMatchObject({ type: 'text', isRemoved: true });
  });

  it('drops a field added in this edit when it is removed (it has no answers to keep)', () => {
    const fields = [...toEditorFields(jdata), newQuestionField('Phone', 'new-1')];
    expect(labels(markRemoved(fields, 'new-1'))).toEqual(['Name', 'Email', 'Age']);
  });

  it('restores a removed field where it was', () => {
    const fields = restoreField(toEditorFields(jdata), 'saved-2');
    expect(labels(visibleFields(fields))).toEqual(['Name', 'Email', 'Age']);
  });

  it('moves a field among the shown ones, past removed fields, and not beyond either end', () => {
    const fields = toEditorFields([{ label: 'A' }, { label: 'B', isRemoved: true }, { label: 'C' }]);
    expect(labels(moveField(fields, 'saved-2', -1))).toEqual(['C', 'A', 'B']);
    expect(labels(moveField(fields, 'saved-0', 1))).toEqual(['B', 'C', 'A']);
    expect(labels(moveField(fields, 'saved-0', -1))).toEqual(['A', 'B', 'C']);
    expect(labels(moveField(fields, 'saved-2', 1))).toEqual(['A', 'B', 'C']);
    expect(labels(reorderFields(fields, 'saved-0', 'saved-2'))).toEqual(['B', 'C', 'A']);
    expect(labels(reorderFields(fields, 'saved-0', 'nope'))).toEqual(['A', 'B', 'C']);
  });

  it('saves every field in form order with its id, without editor keys; a new one goes without id', () => {
    const edited = updateField(toEditorFields(jdata), 'saved-1', { label: 'Work email', required: true });
    const moved = markRemoved(moveField(edited, 'saved-1', -1), 'saved-0');
    const saved = toSavedFields([...moved, newQuestionField('Phone', 'new-1')]);

    expect(saved.map((field) => field.label)).toEqual(['Work email', 'Name', 'Age', 'Phone']);
    expect(saved.map((field) => field.id)).toEqual(['femail', 'fname', 'fage', undefined]);
    expect(saved.map((field) => field.isRemoved)).toEqual([false, true, true, false]);
    expect(saved[0]).toEqual({
      id: 'femail',
      label: 'Work email',
      type: 'email',
      required: true,
      placeHolder: '',
      isRemoved: false,
      name: 'E-mail',
    });
    expect(saved[3]).toEqual({
      label: 'Phone',
      type: 'text',
      required: false,
      placeHolder: 'Enter your phone',
      isRemoved: false,
    });
    for (const field of saved) {
      expect(field).not.toHaveProperty('key');
      expect(field).not.toHaveProperty('saved');
    }
  });

  it('sends only the rules a field’s type uses', () => {
    const fields = updateField(toEditorFields(jdata), 'saved-0', {
      settings: {
        type: 'checkboxes',
        options: [' Red ', '', 'Blue'],
        allowOther: true,
        min: 3,
        placeHolder: 'Pick',
      },
    });
    expect(toSavedFields(fields)[0]).toEqual({
      id: 'fname',
      label: 'Name',
      type: 'checkboxes',
      options: ['Red', 'Blue'],
      allowOther: true,
      required: true,
      placeHolder: 'Pick',
      isRemoved: false,
    });
  });

  it('names every shown field whose label another shown field has, or a system column; removed ones are left out', () => {
    const fields = toEditorFields([
      { label: 'Email' },
      { label: 'email ' },
      { label: 'Name' },
      { label: 'Name', isRemoved: true },
      { label: 'signature' },
    ]);
    expect([...labelProblems(fields)]).toEqual([
      ['saved-0', 'Each field needs its own label: "Email" is used more than once.'],
      ['saved-1', 'Each field needs its own label: "Email" is used more than once.'],
      [
        'saved-4',
        '"signature" is a column SheetForms fills in itself (Timestamp, Response ID, Signature): please choose another label.',
      ],
    ]);
  });

  it('keeps the sheet column a field is bound to', () => {
    expect(toEditorFields([{ label: 'Mobile', name: 'Phone', column: 3 }])[0]).toMatchObject({
      name: 'Phone',
      column: 3,
    });
  });
});
