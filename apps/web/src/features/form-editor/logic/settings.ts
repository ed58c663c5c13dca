import {
  FORM_STATUSES,
  type Form,
  type FormSettings,
  type OwnerDigest,
  type UpdateFormBody,
} from '@sheetforms/contract';
import type { EditorField } from './editor-field';
import { toSavedFields } from './editor-fields';
import { normaliseSignatureInput, type SignatureSizeInput } from './signature-size';

/** The switches and sizes the editor lets the owner change. */
export interface EditorSettings {
  loginRequired: boolean;
  templateEnabled: boolean;
  signatureEnabled: boolean;
  gdprEnabled: boolean;
  /** E-mail the owner each new response (issue 24). */
  notifyOwner: boolean;
  /** One mail per response, or an hourly or daily digest. */
  ownerDigest: OwnerDigest;
  /** A copy mailed to the respondent, at the answer of one email field, with a template's PDF ('' none). */
  receipt: { enabled: boolean; emailFieldId: string; templateId: string };
  signature: SignatureSizeInput;
}

export function toEditorSettings(settings: FormSettings): EditorSettings {
  const { width, height } = normaliseSignatureInput({
    width: String(settings.signatureWidth),
    height: String(settings.signatureHeight),
  });
  return {
    loginRequired: settings.loginRequired === 1,
    templateEnabled: settings.templateEnabled === 1,
    signatureEnabled: settings.signatureEnabled === 1,
    gdprEnabled: settings.gdprEnabled === 1,
    notifyOwner: settings.notifyOwner === 1,
    ownerDigest: settings.ownerDigest ?? 'instant',
    receipt: {
      enabled: settings.respondentReceipt?.enabled ?? false,
      emailFieldId: settings.respondentReceipt?.emailFieldId ?? '',
      templateId: settings.respondentReceipt?.templateId ?? '',
    },
    signature: { width: String(width), height: String(height) },
  };
}

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

const receiptUntouched = (receipt: EditorSettings['receipt']) =>
  !receipt.enabled && receipt.emailFieldId === '' && receipt.templateId === '';

/** The browser's time zone (IANA), which a digest's hours and days follow; UTC if it names none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zone a form's saved digest follows (UTC for one saved before zones), or undefined without one. */
export function savedDigestTimeZone(settings: FormSettings): string | undefined {
  if (settings.ownerDigest === undefined || settings.ownerDigest === 'instant') return undefined;
  return settings.ownerDigestTimeZone ?? 'UTC';
}

/**
 * The settings to save: the edited switches and sizes; templateUrl and templates stay as stored. A digest
 * is saved with the owner's time zone (the browser's, which the editor's hint names).
 */
export function buildSettings(
  editor: EditorSettings,
  stored: FormSettings,
  timeZone: string = browserTimeZone(),
): FormSettings {
  const { width, height } = normaliseSignatureInput(editor.signature);
  return {
    loginRequired: flag(editor.loginRequired),
    signatureEnabled: flag(editor.signatureEnabled),
    signatureWidth: width,
    signatureHeight: height,
    gdprEnabled: flag(editor.gdprEnabled),
    notifyOwner: flag(editor.notifyOwner),
    // Left out at their defaults, so a form that never used them saves the settings it had.
    ...(editor.ownerDigest === 'instant'
      ? {}
      : { ownerDigest: editor.ownerDigest, ownerDigestTimeZone: timeZone }),
    ...(receiptUntouched(editor.receipt)
      ? {}
      : {
          respondentReceipt: {
            enabled: editor.receipt.enabled,
            emailFieldId: editor.receipt.emailFieldId,
            ...(editor.receipt.templateId ? { templateId: editor.receipt.templateId } : {}),
          },
        }),
    templateEnabled: flag(editor.templateEnabled),
    templateUrl: stored.templateUrl,
    templates: stored.templates,
  };
}

export interface EditorDraft {
  name: string;
  description: string;
  status: string;
  fields: readonly EditorField[];
  settings: EditorSettings;
}

/** PUT /forms/{formId}: the whole edit, fields in form order (ids kept) with removed ones marked. */
export function buildUpdateBody(draft: EditorDraft, stored: FormSettings): UpdateFormBody {
  return {
    name: draft.name.trim(),
    description: draft.description,
    jdata: toSavedFields(draft.fields),
    settings: buildSettings(draft.settings, stored),
    // A status stored before statuses were a fixed list is left as it is rather than refused.
    ...(isFormStatus(draft.status) ? { status: draft.status } : {}),
  };
}

/**
 * Whether the draft differs from what was loaded, judged by what saving would send: a change undone, or
 * one the save would not carry (a blank option line), does not count.
 */
export function hasUnsavedChanges(draft: EditorDraft, loaded: EditorDraft, stored: FormSettings): boolean {
  return JSON.stringify(buildUpdateBody(draft, stored)) !== JSON.stringify(buildUpdateBody(loaded, stored));
}

function isFormStatus(status: string): status is (typeof FORM_STATUSES)[number] {
  return (FORM_STATUSES as readonly string[]).includes(status);
}

export const STATUS_OPTIONS = ['Active', 'Inactive'] as const;

/**
 * Whether two loads of a form differ in nothing but its templates (the switch the server sets when a
 * template is added or deleted, and the list, read from the templates themselves) and so its updatedAt.
 * The editor follows the switch and never saves the list, so a form that changed only there can be saved
 * over without losing anything: its updatedAt is then the one to expect.
 */
export function sameExceptTemplates(a: Form, b: Form): boolean {
  const comparable = (form: Form) =>
    JSON.stringify({
      ...form,
      updatedAt: '',
      settings: { ...form.settings, templateEnabled: 0, templates: [] },
    });
  return comparable(a) === comparable(b);
}
