import { describe, expect, it } from 'vitest';
import {
  blankLabelIndexes,
  labelProblems,
  markRemoved,
  restoreField,
  toEditorFields,
  toSavedFields,
  updateField,
  visibleFields,
} from './editor-fields';

const jdata = [
  { label: 'Name', type: 'text' as const, required: true, placeHolder: 'Enter your name', isRemoved: false },
  {
    label: 'Email',
    type: 'email' as const,
    required: false,
    placeHolder: '',
    isRemoved: false,
    name: 'E-mail',
  },
  { label: 'Age', type: 'number' as const, required: false, placeHolder: '', isRemoved: true },
];

describe('editor fields', () => {
  it('remembers each field’s original index and fills defaults', () => {
    const fields = toEditorFields([{ label: 'Only' }]);
    expect(fields).toEqual([
      { label: 'Only', type: 'text', required: false, placeHolder: '', isRemoved: false, originalIndex: 0 },
    ]);
    expect(toEditorFields(jdata).map((field) => field.originalIndex)).toEqual([0, 1, 2]);
    expect(toEditorFields(jdata)[1]?.name).toBe('E-mail');
  });

  it('marks a removed field isRemoved and hides it', () => {
    const fields = markRemoved(toEditorFields(jdata), 0);
    expect(fields[0]?.isRemoved).toBe(true);
    expect(visibleFields(fields).map((field) => field.label)).toEqual(['Email']);
  });

  it('gives a field removed with a blank label its stored label back', () => {
    const blank = updateField(toEditorFields(jdata), 1, { label: '  ' });
    expect(blankLabelIndexes(blank)).toEqual([1]);
    const removed = markRemoved(blank, 1, 'Email');
    expect(removed[1]).toMatchObject({ label: 'Email', isRemoved: true });
    expect(blankLabelIndexes(removed)).toEqual([]);
  });

  it('restores a removed field', () => {
    const fields = restoreField(toEditorFields(jdata), 2);
    expect(visibleFields(fields).map((field) => field.label)).toEqual(['Name', 'Email', 'Age']);
  });

  it('saves every field in original order without the index', () => {
    const edited = updateField(toEditorFields(jdata), 1, { label: 'Work email', required: true });
    const shuffled = [edited[2], edited[0], edited[1]].filter((field) => field !== undefined);
    const saved = toSavedFields(markRemoved(shuffled, 0));

    expect(saved.map((field) => field.label)).toEqual(['Name', 'Work email', 'Age']);
    expect(saved.map((field) => field.isRemoved)).toEqual([true, false, true]);
    expect(saved[1]).toEqual({
      label: 'Work email',
      type: 'email',
      required: true,
      placeHolder: '',
      isRemoved: false,
      name: 'E-mail',
    });
    for (const field of saved) expect(field).not.toHaveProperty('originalIndex');
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
      [0, 'Each field needs its own label: "Email" is used more than once.'],
      [1, 'Each field needs its own label: "Email" is used more than once.'],
      [
        4,
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
