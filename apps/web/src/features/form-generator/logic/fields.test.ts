import type { SheetHeader } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import {
  addCustomHeader,
  areAllSelected,
  buildCreateFormBody,
  changeEditName,
  commitRename,
  defaultFormName,
  defaultPlaceholder,
  deselectAll,
  type FieldsState,
  fieldsStateFromHeaders,
  headersToFields,
  reorderFields,
  selectAll,
  selectedFields,
  setFieldRequired,
  setFieldType,
  startRename,
  toggleSelected,
  validateCreate,
} from './fields';

const headers: SheetHeader[] = [
  { index: 0, name: 'Full Name', sampleData: ['Ada', 'Alan', 'Grace'] },
  { index: 1, name: 'Email', sampleData: ['ada@example.com'] },
  { index: 2, name: 'Column 3', sampleData: [] },
];

const config = { name: 'Event', description: 'Sign up', loginRequired: false };

describe('header row to fields', () => {
  it('makes one text, optional field per column, with its samples', () => {
    expect(headersToFields(headers)).toEqual([
      {
        id: 'column-0',
        name: 'Full Name',
        type: 'text',
        required: false,
        sampleData: ['Ada', 'Alan', 'Grace'],
        isEditing: false,
        editName: 'Full Name',
      },
      {
        id: 'column-1',
        name: 'Email',
        type: 'text',
        required: false,
        sampleData: ['ada@example.com'],
        isEditing: false,
        editName: 'Email',
      },
      {
        id: 'column-2',
        name: 'Column 3',
        type: 'text',
        required: false,
        sampleData: [],
        isEditing: false,
        editName: 'Column 3',
      },
    ]);
  });

  it('selects every column of a freshly loaded sheet', () => {
    expect(fieldsStateFromHeaders(headers).selectedIds).toEqual(['column-0', 'column-1', 'column-2']);
    expect(fieldsStateFromHeaders([])).toEqual({ fields: [], selectedIds: [] });
  });
});

describe('placeholder default', () => {
  it("is 'Enter your {field name lowercased}'", () => {
    expect(defaultPlaceholder('Full Name')).toBe('Enter your full name');
    expect(defaultPlaceholder('EMAIL')).toBe('Enter your email');
  });
});

describe('reorder', () => {
  const fields = headersToFields(headers);

  it('moves a field to the position of another (down and up)', () => {
    expect(reorderFields(fields, 'column-0', 'column-2').map((f) => f.name)).toEqual([
      'Email',
      'Column 3',
      'Full Name',
    ]);
    expect(reorderFields(fields, 'column-2', 'column-0').map((f) => f.name)).toEqual([
      'Column 3',
      'Full Name',
      'Email',
    ]);
  });

  it('leaves the order alone for unknown ids or a drop on itself', () => {
    expect(reorderFields(fields, 'column-1', 'column-1')).toEqual(fields);
    expect(reorderFields(fields, 'nope', 'column-1')).toEqual(fields);
  });
});

describe('selection', () => {
  const state = fieldsStateFromHeaders(headers);

  it('selects and deselects all', () => {
    const none = deselectAll(state);
    expect(none.selectedIds).toEqual([]);
    expect(areAllSelected(none)).toBe(false);
    const all = selectAll(none);
    expect(all.selectedIds).toEqual(['column-0', 'column-1', 'column-2']);
    expect(areAllSelected(all)).toBe(true);
  });

  it('toggles one field', () => {
    const without = toggleSelected(state, 'column-1');
    expect(without.selectedIds).toEqual(['column-0', 'column-2']);
    expect(toggleSelected(without, 'column-1').selectedIds).toEqual(['column-0', 'column-2', 'column-1']);
  });

  it('keeps selected fields in their current order, whatever the order they were selected in', () => {
    const reselected = toggleSelected(toggleSelected(state, 'column-0'), 'column-0');
    expect(selectedFields(reselected).map((f) => f.id)).toEqual(['column-0', 'column-1', 'column-2']);
  });

  it('an empty list is never "all selected"', () => {
    expect(areAllSelected({ fields: [], selectedIds: [] })).toBe(false);
  });
});

describe('rename', () => {
  const fields = headersToFields(headers);

  function renameTo(value: string, id = 'column-0') {
    return commitRename(changeEditName(startRename(fields, id), id, value), id);
  }

  it('starts editing with the current name', () => {
    expect(startRename(fields, 'column-0')[0]).toMatchObject({ isEditing: true, editName: 'Full Name' });
  });

  it('commits a trimmed new name and stops editing', () => {
    expect(renameTo('  Name  ')[0]).toMatchObject({ name: 'Name', editName: 'Name', isEditing: false });
  });

  it('keeps the old name for an empty edit', () => {
    expect(renameTo('   ')[0]).toMatchObject({ name: 'Full Name', editName: 'Full Name', isEditing: false });
  });

  it('keeps the old name when another field already has the new one', () => {
    expect(renameTo('email')[0]).toMatchObject({ name: 'Full Name', isEditing: false });
  });

  it('allows a change of case of its own name', () => {
    expect(renameTo('FULL NAME')[0]?.name).toBe('FULL NAME');
  });

  it('is idempotent (Enter then blur)', () => {
    const once = renameTo('Name');
    expect(commitRename(once, 'column-0')).toEqual(once);
  });
});

describe('type and required', () => {
  it('change one field only', () => {
    const fields = headersToFields(headers);
    const typed = setFieldType(fields, 'column-1', 'email');
    expect(typed.map((f) => f.type)).toEqual(['text', 'email', 'text']);
    const required = setFieldRequired(typed, 'column-0', true);
    expect(required.map((f) => f.required)).toEqual([true, false, false]);
  });
});

describe('custom headers', () => {
  const state = fieldsStateFromHeaders(headers);

  it('adds a selected text field at the end', () => {
    const result = addCustomHeader(state, '  Notes ', true);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.field).toMatchObject({ name: 'Notes', type: 'text', required: false, sampleData: [] });
    expect(result.state.fields.at(-1)?.name).toBe('Notes');
    expect(result.state.selectedIds).toContain(result.field.id);
  });

  it('adds to an empty sheet too', () => {
    const result = addCustomHeader({ fields: [], selectedIds: [] }, 'Name', true);
    expect(result.ok && result.state.fields.map((f) => f.name)).toEqual(['Name']);
  });

  it('needs a name, then a loaded sheet, and a name not in use', () => {
    expect(addCustomHeader(state, '  ', true)).toEqual({ ok: false, error: 'Please enter a header name' });
    expect(addCustomHeader(undefined, 'Notes', false)).toEqual({
      ok: false,
      error: 'Please load a sheet first',
    });
    expect(addCustomHeader(state, 'EMAIL', true)).toEqual({
      ok: false,
      error: 'A field named "EMAIL" already exists',
    });
  });

  it('gives every custom field its own id', () => {
    const first = addCustomHeader(state, 'A', true);
    if (!first.ok) throw new Error('not added');
    const second = addCustomHeader(first.state, 'B', true);
    if (!second.ok) throw new Error('not added');
    expect(new Set(second.state.fields.map((f) => f.id)).size).toBe(5);
  });
});

describe('create form', () => {
  it('checks sheet, then fields, then name', () => {
    const state = fieldsStateFromHeaders(headers);
    expect(validateCreate('', state, config)).toBe('Please select a sheet first');
    expect(validateCreate('Sheet1', deselectAll(state), config)).toBe('Please select fields for the form');
    expect(validateCreate('Sheet1', undefined, config)).toBe('Please select fields for the form');
    expect(validateCreate('Sheet1', state, { ...config, name: ' ' })).toBe('Form name is required');
    expect(validateCreate('Sheet1', state, config)).toBeNull();
  });

  it('sends the selected fields in their current order with default placeholders', () => {
    let state: FieldsState = fieldsStateFromHeaders(headers);
    state = { ...state, fields: reorderFields(state.fields, 'column-1', 'column-0') };
    state = { ...state, fields: setFieldType(state.fields, 'column-1', 'email') };
    state = { ...state, fields: setFieldRequired(state.fields, 'column-1', true) };
    state = toggleSelected(state, 'column-2');

    expect(
      buildCreateFormBody({
        googleSheetsUrl: ' https://docs.google.com/spreadsheets/d/abc/edit ',
        sheetName: 'Registrations',
        config: { name: ' Event ', description: 'Sign up', loginRequired: true },
        state,
      }),
    ).toEqual({
      googleSheetsUrl: 'https://docs.google.com/spreadsheets/d/abc/edit',
      sheetName: 'Registrations',
      name: 'Event',
      description: 'Sign up',
      settings: { loginRequired: 1 },
      jdata: [
        { label: 'Email', type: 'email', required: true, placeHolder: 'Enter your email' },
        { label: 'Full Name', type: 'text', required: false, placeHolder: 'Enter your full name' },
      ],
      dueDate: '2025-01-01',
    });
  });

  it('sends loginRequired 0 when off', () => {
    const body = buildCreateFormBody({
      googleSheetsUrl: 'u',
      sheetName: 's',
      config,
      state: fieldsStateFromHeaders(headers),
    });
    expect(body.settings).toEqual({ loginRequired: 0 });
  });

  it('suggests "{spreadsheet title} - {sheet name}" as the form name', () => {
    expect(defaultFormName('Event Registration', 'Registrations')).toBe('Event Registration - Registrations');
    expect(defaultFormName('Event Registration', '')).toBe('Event Registration');
  });
});
