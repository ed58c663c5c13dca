import { describe, expect, it } from 'vitest';
import {
  AddFormUserBodySchema,
  CreateFormBodySchema,
  defaultPlaceholder,
  FORM_DUE_DATE,
  FormSettingsSchema,
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
