// @vitest-environment node
import type { SheetHeader } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import {
  addCustomHeader,
  areAllSelected,
  buildCreateFormBody,
  changeEditName,
  clashingFieldIds,
  commitRename,
  defaultFormName,
  defaultPlaceholder,
  deselectAll,
  type FieldsState,
  fieldsStateFromHeaders,
  type GeneratorField,
  headersToFields,
  labelProblem,
  renameProblem,
  reorderFields,
  selectAll,
  selectedFields,
  setFieldRequired,
  setFieldSettings,
  setFieldType,
  settingsProblem,
  startRename,
  toggleSelected,
  typeReasonOf,
  validateCreate,
} from './fields';

const headers: SheetHeader[] = [
  {
    index: 0,
    name: 'Full Name',
    sampleData: ['Ada', 'Alan', 'Grace'],
    suggestedType: 'text',
    typeReason: 'default',
  },
  { index: 1, name: 'Email', sampleData: ['ada@example.com'], suggestedType: 'text', typeReason: 'default' },
  { index: 2, name: 'Column 3', sampleData: [], suggestedType: 'text', typeReason: 'default' },
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
        placeHolder: 'Enter your full name',
        header: 'Full Name',
        column: 0,
      },
      {
        id: 'column-1',
        name: 'Email',
        type: 'text',
        required: false,
        sampleData: ['ada@example.com'],
        isEditing: false,
        editName: 'Email',
        placeHolder: 'Enter your email',
        header: 'Email',
        column: 1,
      },
      {
        id: 'column-2',
        name: 'Column 3',
        type: 'text',
        required: false,
        sampleData: [],
        isEditing: false,
        editName: 'Column 3',
        placeHolder: 'Enter your column 3',
        header: 'Column 3',
        column: 2,
      },
    ]);
  });

  it('never offers the columns SheetForms fills in itself, whatever their case or spacing', () => {
    const withSystem: SheetHeader[] = [
      {
        index: 0,
        name: ' timestamp',
        sampleData: ['2025-01-01'],
        suggestedType: 'text',
        typeReason: 'default',
      },
      { index: 1, name: 'Name', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      { index: 2, name: 'RESPONSE ID', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      { index: 3, name: 'Signature', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      { index: 4, name: 'Signature date', sampleData: [], suggestedType: 'text', typeReason: 'default' },
    ];
    expect(headersToFields(withSystem).map((f) => [f.name, f.column])).toEqual([
      ['Name', 1],
      ['Signature date', 4],
    ]);
  });

  it('offers duplicate headers each as its own field, bound to its own column', () => {
    const twice: SheetHeader[] = [
      { index: 0, name: 'Email', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      { index: 1, name: 'email', sampleData: [], suggestedType: 'text', typeReason: 'default' },
    ];
    expect(headersToFields(twice).map((f) => [f.id, f.name, f.column])).toEqual([
      ['column-0', 'Email', 0],
      ['column-1', 'email', 1],
    ]);
  });

  it('selects every column of a freshly loaded sheet', () => {
    expect(fieldsStateFromHeaders(headers).selectedIds).toEqual(['column-0', 'column-1', 'column-2']);
    expect(fieldsStateFromHeaders([])).toEqual({ fields: [], selectedIds: [] });
  });
});

describe('placeholder default', () => {
  it("is 'Enter your {field name lowercased}', and 'Your answer' for a question", () => {
    expect(defaultPlaceholder('Full Name')).toBe('Enter your full name');
    expect(defaultPlaceholder('EMAIL')).toBe('Enter your email');
    expect(defaultPlaceholder('Which plan?')).toBe('Your answer');
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

  it('keeps the old name when another field already has the new one, and says why', () => {
    expect(renameTo('email')[0]).toMatchObject({ name: 'Full Name', isEditing: false });
    const editing = changeEditName(startRename(fields, 'column-0'), 'column-0', 'email');
    expect(renameProblem(editing, 'column-0')).toBe('A field named "email" already exists');
  });

  it("refuses a system column's name", () => {
    expect(renameTo('Response ID')[0]).toMatchObject({ name: 'Full Name', isEditing: false });
    const editing = changeEditName(startRename(fields, 'column-0'), 'column-0', 'timestamp');
    expect(renameProblem(editing, 'column-0')).toBe(
      '"timestamp" is a column SheetForms fills in itself (Timestamp, Response ID, Signature): please choose another label.',
    );
    expect(renameProblem(changeEditName(fields, 'column-0', 'Name'), 'column-0')).toBeNull();
  });

  it('changes the label only: the field still writes to the column it came from', () => {
    expect(renameTo('Attendee')[0]).toMatchObject({ name: 'Attendee', header: 'Full Name', column: 0 });
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
    expect(addCustomHeader(state, 'Signature', true)).toEqual({
      ok: false,
      error:
        '"Signature" is a column SheetForms fills in itself (Timestamp, Response ID, Signature): please choose another label.',
    });
  });

  it('has no sheet column of its own (the sheet gets a new one named by its label)', () => {
    const result = addCustomHeader(state, 'Notes', true);
    expect(result.ok && result.field.header).toBeUndefined();
    expect(result.ok && result.field.column).toBeUndefined();
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

  it('refuses two selected fields with one label until one is renamed or left out', () => {
    const twice = fieldsStateFromHeaders([
      { index: 0, name: 'Email', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      { index: 1, name: 'Name', sampleData: [], suggestedType: 'text', typeReason: 'default' },
      { index: 2, name: ' EMAIL ', sampleData: [], suggestedType: 'text', typeReason: 'default' },
    ]);
    const message = 'Each field needs its own label: "Email" is used more than once.';
    expect(labelProblem(twice)).toBe(message);
    expect(validateCreate('Sheet1', twice, config)).toBe(message);
    expect([...clashingFieldIds(twice)]).toEqual(['column-0', 'column-2']);

    const renamed = {
      ...twice,
      fields: commitRename(changeEditName(twice.fields, 'column-2', 'Work Email'), 'column-2'),
    };
    expect(validateCreate('Sheet1', renamed, config)).toBeNull();
    expect(clashingFieldIds(renamed).size).toBe(0);
    expect(validateCreate('Sheet1', toggleSelected(twice, 'column-2'), config)).toBeNull();
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
        {
          label: 'Email',
          type: 'email',
          required: true,
          placeHolder: 'Enter your email',
          name: 'Email',
          column: 1,
        },
        {
          label: 'Full Name',
          type: 'text',
          required: false,
          placeHolder: 'Enter your full name',
          name: 'Full Name',
          column: 0,
        },
      ],
      dueDate: '2025-01-01',
    });
  });

  it("binds a renamed field to its sheet column by the header's text and position; custom fields to none", () => {
    let state: FieldsState = fieldsStateFromHeaders(headers);
    state = { ...state, fields: commitRename(changeEditName(state.fields, 'column-2', 'Notes'), 'column-2') };
    const added = addCustomHeader(state, 'Referral', true);
    if (!added.ok) throw new Error('not added');
    const body = buildCreateFormBody({ googleSheetsUrl: 'u', sheetName: 's', config, state: added.state });
    expect(body.jdata).toEqual([
      expect.objectContaining({ label: 'Full Name', name: 'Full Name', column: 0 }),
      expect.objectContaining({ label: 'Email', name: 'Email', column: 1 }),
      expect.objectContaining({
        label: 'Notes',
        placeHolder: 'Enter your notes',
        name: 'Column 3',
        column: 2,
      }),
      { label: 'Referral', type: 'text', required: false, placeHolder: 'Enter your referral' },
    ]);
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

describe('suggested types (issue 21)', () => {
  const suggested: SheetHeader[] = [
    {
      index: 0,
      name: 'Plan',
      sampleData: ['Basic'],
      suggestedType: 'dropdown',
      typeReason: 'rule',
      options: ['Basic', 'Pro'],
    },
    {
      index: 1,
      name: 'Team',
      sampleData: [],
      suggestedType: 'dropdown',
      typeReason: 'rule',
      optionsFrom: { range: 'Lists!A2:A' },
    },
    {
      index: 2,
      name: 'Age',
      sampleData: ['30'],
      suggestedType: 'number',
      typeReason: 'rule',
      min: 18,
      max: 99,
    },
    { index: 3, name: 'Code', sampleData: [], suggestedType: 'text', typeReason: 'unsupported-rule' },
    {
      index: 4,
      name: 'How did you hear about us?',
      sampleData: [],
      suggestedType: 'text',
      typeReason: 'default',
    },
  ];

  it('start each column with the suggested type, its options or range, its bounds and why', () => {
    const [plan, team, age, code, question] = headersToFields(suggested);
    expect(plan).toMatchObject({ type: 'dropdown', options: ['Basic', 'Pro'], typeReason: 'rule' });
    expect(typeReasonOf(plan as GeneratorField)).toBe("From the sheet's dropdown");
    expect(team).toMatchObject({ optionsFrom: { range: 'Lists!A2:A' }, suggestedRange: 'Lists!A2:A' });
    expect(age).toMatchObject({ type: 'number', min: 18, max: 99 });
    expect(typeReasonOf(age as GeneratorField)).toBe("From the sheet's validation rule");
    expect(typeReasonOf(code as GeneratorField)).toBe("The sheet's custom rule is not checked by the form");
    // Nothing to say for a default text field; a question gets 'Your answer'.
    expect(question?.typeReason).toBeUndefined();
    expect(question?.placeHolder).toBe('Your answer');
  });

  it('fall back to text for a type this page does not know', () => {
    const odd = { ...suggested[0], suggestedType: 'signature' } as unknown as SheetHeader;
    const [field] = headersToFields([odd]);
    expect(field?.type).toBe('text');
    expect(field?.typeReason).toBeUndefined();
    expect(field?.options).toBeUndefined();
  });

  it("lose their reason once the owner picks another type, not for other settings' edits", () => {
    const fields = headersToFields(suggested);
    const plan = fields[0] as GeneratorField;
    const edited = setFieldSettings(fields, 'column-0', { ...plan, options: ['Basic', 'Pro', 'Team'] });
    expect(edited[0]).toMatchObject({ typeReason: 'rule', options: ['Basic', 'Pro', 'Team'] });
    expect(setFieldSettings(fields, 'column-0', { ...plan, type: 'radio' })[0]?.typeReason).toBeUndefined();
    const typed = setFieldType(fields, 'column-2', 'date');
    expect(typed[2]).toMatchObject({ type: 'date', typeReason: undefined, min: undefined, max: undefined });
  });

  it('are sent with the settings each type uses, and refused with the contract messages', () => {
    let state = fieldsStateFromHeaders(suggested);
    state = {
      ...state,
      fields: setFieldSettings(state.fields, 'column-0', {
        ...(state.fields[0] as GeneratorField),
        type: 'radio',
        allowOther: true,
      }),
    };
    const body = buildCreateFormBody({ googleSheetsUrl: 'u', sheetName: 's', config, state });
    expect(body.jdata).toEqual([
      {
        label: 'Plan',
        type: 'radio',
        required: false,
        placeHolder: 'Enter your plan',
        options: ['Basic', 'Pro'],
        allowOther: true,
        name: 'Plan',
        column: 0,
      },
      expect.objectContaining({ type: 'dropdown', optionsFrom: { range: 'Lists!A2:A' } }),
      expect.objectContaining({ type: 'number', min: 18, max: 99 }),
      expect.objectContaining({ type: 'text', placeHolder: 'Enter your code' }),
      expect.objectContaining({ label: 'How did you hear about us?', placeHolder: 'Your answer' }),
    ]);
    expect(body.jdata[3]).not.toHaveProperty('options');

    const twice = {
      ...state,
      fields: setFieldSettings(state.fields, 'column-0', {
        ...(state.fields[0] as GeneratorField),
        options: ['Basic', 'Basic'],
      }),
    };
    expect(settingsProblem(twice)).toBe("The option 'Basic' is listed twice");
    expect(validateCreate('s', twice, config)).toBe("The option 'Basic' is listed twice");
    // A field left out of the form does not stop Create.
    expect(validateCreate('s', toggleSelected(twice, 'column-0'), config)).toBeNull();
  });
});

describe('placeholders', () => {
  it('follow a rename while they are the default, and stay as the owner wrote them otherwise', () => {
    const fields = headersToFields(headers);
    const renamed = commitRename(changeEditName(fields, 'column-0', 'Attendee'), 'column-0');
    expect(renamed[0]?.placeHolder).toBe('Enter your attendee');
    const own = setFieldSettings(fields, 'column-0', {
      ...(fields[0] as GeneratorField),
      placeHolder: 'Ada L.',
    });
    expect(commitRename(changeEditName(own, 'column-0', 'Attendee'), 'column-0')[0]?.placeHolder).toBe(
      'Ada L.',
    );
  });
});
