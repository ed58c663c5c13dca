// @vitest-environment node
import type { FormSettings } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { markRemoved, toEditorFields, updateField } from './editor-fields';
import { loadedForm } from './loaded-form.test-support';
import {
  browserTimeZone,
  buildSettings,
  buildUpdateBody,
  hasUnsavedChanges,
  sameExceptTemplates,
  savedDigestTimeZone,
  toEditorSettings,
} from './settings';

const stored: FormSettings = {
  loginRequired: 0,
  templateEnabled: 1,
  templateUrl: 'https://docs.google.com/document/d/abc',
  templates: [
    { id: 't1', name: 'Receipt', googleDocsUrl: 'https://docs.google.com/document/d/x', content: '<p/>' },
  ],
  signatureEnabled: 0,
  signatureWidth: 400,
  signatureHeight: 200,
  gdprEnabled: 1,
  notifyOwner: 1,
};

describe('settings', () => {
  it('reads the stored flags as switches', () => {
    expect(toEditorSettings(stored)).toEqual({
      loginRequired: false,
      templateEnabled: true,
      signatureEnabled: false,
      gdprEnabled: true,
      notifyOwner: true,
      ownerDigest: 'instant',
      receipt: { enabled: false, emailFieldId: '', templateId: '' },
      signature: { width: '400', height: '200' },
    });
  });

  it('shows an out-of-range stored size as the default', () => {
    expect(toEditorSettings({ ...stored, signatureWidth: 5000, signatureHeight: 50 }).signature).toEqual({
      width: '400',
      height: '200',
    });
  });

  it('assembles 0/1 flags and normalised sizes, keeping templateUrl and templates as stored', () => {
    const settings = buildSettings(
      {
        loginRequired: true,
        templateEnabled: false,
        signatureEnabled: true,
        gdprEnabled: false,
        notifyOwner: false,
        ownerDigest: 'instant',
        receipt: { enabled: false, emailFieldId: '', templateId: '' },
        signature: { width: '640', height: '9999' },
      },
      stored,
    );
    expect(settings).toEqual({
      loginRequired: 1,
      signatureEnabled: 1,
      signatureWidth: 640,
      signatureHeight: 200,
      gdprEnabled: 0,
      notifyOwner: 0,
      templateEnabled: 0,
      templateUrl: stored.templateUrl,
      templates: stored.templates,
    });
  });

  it('saves a digest and a receipt as chosen, and reads them back', () => {
    const editor = {
      ...toEditorSettings(stored),
      ownerDigest: 'daily' as const,
      receipt: { enabled: true, emailFieldId: 'f-email', templateId: 't1' },
    };
    const settings = buildSettings(editor, stored, 'America/New_York');
    expect(settings.ownerDigest).toBe('daily');
    expect(settings.ownerDigestTimeZone).toBe('America/New_York');
    // Without a digest no zone is saved: the settings stay as a form that never used one had them.
    expect(buildSettings({ ...editor, ownerDigest: 'instant' }, stored)).not.toHaveProperty(
      'ownerDigestTimeZone',
    );
    // By default the zone is the browser's.
    expect(buildSettings(editor, stored).ownerDigestTimeZone).toBe(browserTimeZone());
    // The zone a saved digest follows: its own, UTC for one saved before zones, none without a digest.
    expect(savedDigestTimeZone(settings)).toBe('America/New_York');
    expect(savedDigestTimeZone({ ...settings, ownerDigestTimeZone: undefined })).toBe('UTC');
    expect(savedDigestTimeZone(stored)).toBeUndefined();
    expect(settings.respondentReceipt).toEqual({ enabled: true, emailFieldId: 'f-email', templateId: 't1' });
    expect(toEditorSettings(settings)).toEqual(editor);
    // Turned off again, the chosen field is kept for next time.
    const off = buildSettings({ ...editor, receipt: { ...editor.receipt, enabled: false } }, stored);
    expect(off.respondentReceipt).toEqual({ enabled: false, emailFieldId: 'f-email', templateId: 't1' });
  });

  it('builds the PUT body with every field in form order, ids kept', () => {
    const fields = markRemoved(
      toEditorFields([
        { id: 'fa', label: 'A' },
        { id: 'fb', label: 'B' },
      ]),
      'saved-0',
    );
    const body = buildUpdateBody(
      {
        name: '  Survey ',
        description: 'About you',
        status: 'Inactive',
        fields: [...fields].reverse(),
        settings: toEditorSettings(stored),
      },
      stored,
    );
    expect(body).toEqual({
      name: 'Survey',
      description: 'About you',
      status: 'Inactive',
      jdata: [
        { id: 'fb', label: 'B', type: 'text', required: false, placeHolder: '', isRemoved: false },
        { id: 'fa', label: 'A', type: 'text', required: false, placeHolder: '', isRemoved: true },
      ],
      settings: { ...stored },
    });
  });

  it('counts as unsaved only what saving would send', () => {
    const loaded = {
      name: 'Survey',
      description: '',
      status: 'Active',
      fields: toEditorFields([{ id: 'fa', label: 'A', type: 'dropdown', options: ['x', 'y'] }]),
      settings: toEditorSettings(stored),
    };
    expect(hasUnsavedChanges({ ...loaded }, loaded, stored)).toBe(false);
    // A blank option line is not sent.
    const blankLine = updateField(loaded.fields, 'saved-0', {
      settings: { type: 'dropdown', options: ['x', '', 'y '], placeHolder: '' },
    });
    expect(hasUnsavedChanges({ ...loaded, fields: blankLine }, loaded, stored)).toBe(false);
    const renamed = updateField(loaded.fields, 'saved-0', { label: 'B' });
    expect(hasUnsavedChanges({ ...loaded, fields: renamed }, loaded, stored)).toBe(true);
    expect(hasUnsavedChanges({ ...loaded, name: 'Other' }, loaded, stored)).toBe(true);
  });
});

describe('sameExceptTemplates', () => {
  const form = loadedForm({ settings: stored });
  const later = '2025-01-02T00:00:00.000Z';

  it('is true when only the templates and updatedAt changed (a template added or deleted)', () => {
    expect(
      sameExceptTemplates(form, {
        ...form,
        updatedAt: later,
        settings: { ...stored, templateEnabled: 0 },
      }),
    ).toBe(true);
    const added = { id: 't2', name: 'Invoice', googleDocsUrl: '', content: '<p>Invoice</p>' };
    expect(
      sameExceptTemplates(form, {
        ...form,
        updatedAt: later,
        settings: { ...stored, templates: [...stored.templates, added] },
      }),
    ).toBe(true);
  });

  it('is false when anything else changed: another tab saved the form', () => {
    expect(sameExceptTemplates(form, { ...form, updatedAt: later, name: 'Renamed' })).toBe(false);
    expect(
      sameExceptTemplates(form, { ...form, updatedAt: later, settings: { ...stored, gdprEnabled: 0 } }),
    ).toBe(false);
    expect(sameExceptTemplates(form, { ...form, updatedAt: later, jdata: [] })).toBe(false);
  });
});
