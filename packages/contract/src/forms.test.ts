import { describe, expect, it } from 'vitest';
import {
  AddFormUserBodySchema,
  CreateFormBodySchema,
  defaultPlaceholder,
  FieldIdSchema,
  FORM_DUE_DATE,
  FORM_LIMITS,
  FORM_OPTIONS_TOO_MANY,
  FormFieldSchema,
  FormSettingsSchema,
  newFieldId,
  normaliseSignatureSize,
  UpdateFormBodySchema,
} from './forms.js';

const field = { label: 'Full Name', type: 'text', required: true, placeHolder: 'Enter your full name' };

describe('form schemas', () => {
  it('fills the spec defaults: dueDate, settings flags 0, 400x200 signature, no templates', () => {
    const body = CreateFormBodySchema.parse({ name: 'Signup', jdata: [field] });
    expect(body.dueDate).toBe(FORM_DUE_DATE);
    expect(FormSettingsSchema.parse({})).toEqual({
      loginRequired: 0,
      templateEnabled: 0,
      templateUrl: '',
      templates: [],
      signatureEnabled: 0,
      signatureWidth: 400,
      signatureHeight: 200,
      gdprEnabled: 0,
    });
  });

  it('accepts jdata and settings as JSON strings and as objects, giving one shape', () => {
    const fromStrings = CreateFormBodySchema.parse({
      name: 'Signup',
      jdata: JSON.stringify([field]),
      settings: JSON.stringify({ loginRequired: 1 }),
    });
    const fromObjects = CreateFormBodySchema.parse({
      name: 'Signup',
      jdata: [field],
      settings: { loginRequired: 1 },
    });
    expect(fromStrings).toEqual(fromObjects);
    expect(fromStrings.jdata[0]).toMatchObject({ label: 'Full Name', isRemoved: false });
    expect(fromStrings.settings).toMatchObject({ loginRequired: 1 });
  });

  it('normalises flags given as booleans or strings to 0/1', () => {
    expect(
      FormSettingsSchema.parse({ gdprEnabled: true, loginRequired: '1', signatureEnabled: false }),
    ).toMatchObject({
      gdprEnabled: 1,
      loginRequired: 1,
      signatureEnabled: 0,
    });
  });

  it('rejects invalid JSON strings and forms without fields with the spec message', () => {
    expect(CreateFormBodySchema.safeParse({ name: 'x', jdata: '[not json' }).success).toBe(false);
    const empty = CreateFormBodySchema.safeParse({ name: 'x', jdata: [] });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Please select fields for the form');
  });

  it('rejects unknown keys in updates', () => {
    expect(UpdateFormBodySchema.safeParse({ owner_id: 'someone' }).success).toBe(false);
    expect(UpdateFormBodySchema.safeParse({ googleSheetsUrl: '', sheetName: 'Sheet1' }).success).toBe(true);
  });

  it('validates authorized users with the spec messages, in order', () => {
    const message = (body: object) =>
      AddFormUserBodySchema.safeParse({ formId: 'f', ...body }).error?.issues[0]?.message;
    expect(message({ email: '', name: 'Ann' })).toBe('Email is required');
    expect(message({ email: 'nope', name: 'Ann' })).toBe('Valid email is required');
    expect(message({ email: 'a@b.co', name: '' })).toBe('Name is required');
    expect(message({ email: 'a@b.co', name: 'A' })).toBe('Name must be at least 2 characters');
    expect(message({ email: 'a@b.co', name: 'Ann' })).toBeUndefined();
  });
});

describe('defaultPlaceholder', () => {
  it("is 'Enter your {field name lowercased}'", () => {
    expect(defaultPlaceholder('Email Address')).toBe('Enter your email address');
  });

  it("says 'Your answer' for a header that is a question", () => {
    expect(defaultPlaceholder('How did you hear about us?')).toBe('Your answer');
    expect(defaultPlaceholder('Which plan')).toBe('Your answer');
    expect(defaultPlaceholder('Dietary needs?')).toBe('Your answer');
    // A word that merely starts like a question word is not one.
    expect(defaultPlaceholder('Whole name')).toBe('Enter your whole name');
    expect(defaultPlaceholder('Issue')).toBe('Enter your issue');
  });
});

describe('field model (issue 21)', () => {
  const parse = (extra: Record<string, unknown>) =>
    FormFieldSchema.safeParse({ label: 'Plan', type: 'dropdown', ...extra });
  const messages = (result: ReturnType<typeof parse>) =>
    result.success ? [] : result.error.issues.map((i) => i.message);

  it('keeps a choice field with trimmed options, and wants options or a range', () => {
    expect(parse({ options: [' Basic ', 'Pro', ''] })).toMatchObject({
      success: true,
      data: { options: ['Basic', 'Pro'] },
    });
    expect(parse({ optionsFrom: { range: 'Lists!A2:A' } }).success).toBe(true);
    expect(parse({ optionsFrom: { range: "'Plan list'!B2:B20" } }).success).toBe(true);
    expect(messages(parse({}))).toEqual(['Plan: add at least one option']);
    expect(messages(parse({ options: ['A', 'A'] }))).toEqual(["The option 'A' is listed twice"]);
    expect(messages(parse({ optionsFrom: { range: 'not a range at all' } }))).toEqual([
      'Enter a range such as Lists!A2:A',
    ]);
  });

  it('refuses options on free text, bounds of the wrong kind, and Other on a dropdown', () => {
    expect(messages(FormFieldSchema.safeParse({ label: 'Name', type: 'text', options: ['A'] }))).toEqual([
      'Name: only dropdown, multiple choice and checkboxes fields have options',
    ]);
    expect(messages(FormFieldSchema.safeParse({ label: 'Age', type: 'number', min: '2026-01-01' }))).toEqual([
      'Age: bounds must be numbers',
    ]);
    expect(messages(FormFieldSchema.safeParse({ label: 'Day', type: 'date', min: '2026-02-30' }))).toEqual([
      'Day: bounds must be dates written YYYY-MM-DD',
    ]);
    expect(messages(FormFieldSchema.safeParse({ label: 'Age', type: 'number', min: 5, max: 1 }))).toEqual([
      'Age: the minimum must not be above the maximum',
    ]);
    expect(messages(parse({ options: ['A'], allowOther: true }))).toEqual([
      "Plan: only multiple choice and checkboxes fields can offer 'Other'",
    ]);
    expect(FormFieldSchema.safeParse({ label: 'Age', type: 'number', min: 1, max: 5 }).success).toBe(true);
  });

  it('keeps field ids, which must be unique within a form', () => {
    const ok = CreateFormBodySchema.parse({
      name: 'F',
      jdata: [
        { ...field, id: 'f1' },
        { label: 'B', id: 'f2' },
      ],
    });
    expect(ok.jdata.map((f) => f.id)).toEqual(['f1', 'f2']);
    const twice = CreateFormBodySchema.safeParse({
      name: 'F',
      jdata: [
        { ...field, id: 'f1' },
        { label: 'B', id: 'f1' },
      ],
    });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues.map((i) => i.message)).toContain('Field ids must be unique');
    expect(FieldIdSchema.safeParse('has space').success).toBe(false);
    expect(newFieldId()).toMatch(/^f[0-9a-z]{10}$/);
    expect(newFieldId()).not.toBe(newFieldId());
  });
});

describe("a form's options in all", () => {
  const choice = (index: number, count: number) => ({
    label: `Choice ${index}`,
    type: 'checkboxes',
    required: false,
    options: Array.from({ length: count }, (_, option) => `Option ${option}`),
  });
  const fromSheet = (index: number) => ({
    label: `From sheet ${index}`,
    type: 'dropdown',
    required: false,
    optionsFrom: { range: `Lists!A${index + 1}:A` },
  });
  const problems = (jdata: unknown[]) => {
    const result = CreateFormBodySchema.safeParse({ name: 'Many options', jdata });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('allows up to FORM_LIMITS.optionsMax options, a sheet range counted at its most', () => {
    const fields = Array.from({ length: 20 }, (_, index) => choice(index, FORM_LIMITS.optionsMax / 20));
    expect(problems(fields)).toEqual([]);
    // 19 fields of 500 and one range (500): exactly the limit.
    expect(problems([...fields.slice(1), fromSheet(0)])).toEqual([]);
    // A removed field is never shown: its options do not count.
    expect(problems([...fields, { ...choice(99, 500), isRemoved: true }])).toEqual([]);
  });

  it('refuses one more, however the options are spread', () => {
    expect(
      problems([...Array.from({ length: 20 }, (_, index) => choice(index, 500)), choice(20, 1)]),
    ).toEqual([FORM_OPTIONS_TOO_MANY]);
    // 200 fields of 51 options: each field is small, the page is not.
    expect(problems(Array.from({ length: 200 }, (_, index) => choice(index, 51)))).toEqual([
      FORM_OPTIONS_TOO_MANY,
    ]);
    expect(problems(Array.from({ length: 20 }, (_, index) => fromSheet(index)))).toEqual([]);
    expect(problems(Array.from({ length: 21 }, (_, index) => fromSheet(index)))).toEqual([
      FORM_OPTIONS_TOO_MANY,
    ]);
    expect(FORM_OPTIONS_TOO_MANY).toBe(
      'A form can offer at most 10,000 options in all (a field that reads its options from the sheet counts as 500)',
    );
  });
});

describe('normaliseSignatureSize', () => {
  it('keeps sizes within 200-800 x 100-400 and falls back to 400x200 otherwise', () => {
    expect(normaliseSignatureSize(600, 300)).toEqual({ width: 600, height: 300 });
    expect(normaliseSignatureSize('200', '100')).toEqual({ width: 200, height: 100 });
    expect(normaliseSignatureSize(800, 400)).toEqual({ width: 800, height: 400 });
    expect(normaliseSignatureSize(199, 401)).toEqual({ width: 400, height: 200 });
    expect(normaliseSignatureSize('abc', undefined)).toEqual({ width: 400, height: 200 });
    expect(normaliseSignatureSize(Number.NaN, '')).toEqual({ width: 400, height: 200 });
  });
});
