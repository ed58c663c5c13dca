import { randomUUID } from 'node:crypto';
import {
  type CreateFormBodySchema,
  duplicateFieldLabels,
  extractSpreadsheetId,
  FIELD_LABEL_MESSAGES,
  type FieldWarning,
  FORM_CHANGED_CODE,
  FORM_CHANGED_MESSAGE,
  type Form,
  type FormDetail,
  type FormField,
  type FormListItem,
  type FormTemplate,
  type FormUser,
  isValidSheetUrlForGenerator,
  isValidSheetUrlForInlineEdit,
  type ResponseItem,
  SHEET_URL_MESSAGES,
  storableSheetUrl,
  systemColumnLabels,
  type UpdateFormBodySchema,
} from '@sheetforms/contract';
import type { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http/http-error.js';
import type { FieldOptions, OptionsSource } from '../field-options/field-options.service.js';
import { normaliseDigestZone } from './digest-settings.js';
import { assignFieldIds, type StoredField } from './field-ids.js';
import { generateFormId } from './form-id.js';
import { type FormRow, fieldsFromJson, toForm, toFormListItem } from './form-serializers.js';
import { settingsForStorage, settingsFromJson } from './form-settings.js';
import type { FormChanges, FormsRepository } from './forms.repository.js';
import { requireReceiptTargets } from './receipt-settings.js';

export type CreateFormInput = z.output<typeof CreateFormBodySchema>;
export type UpdateFormInput = z.output<typeof UpdateFormBodySchema>;

/** What other modules learn about a form the caller owns: enough to scope their own queries. */
export interface OwnedForm {
  /** Internal id (forms.id), the foreign key of form users, responses and templates. */
  id: string;
  formId: string;
  name: string;
  fields: FormField[];
  /** A Google Sheet is linked: responses go to it. Without one they are only kept here ('No sheet'). */
  sheetLinked: boolean;
  /** Respondents log in (an authorized user's email is kept with each response). */
  loginRequired: boolean;
}

export interface FormsServiceDeps {
  forms: FormsRepository;
  /** The newest responses of a form, with its templates filled (the responses module's reader). */
  responses: {
    newest(
      ownerId: string,
      form: OwnedForm,
      templates: readonly FormTemplate[],
    ): Promise<{ items: ResponseItem[]; total: number }>;
  };
  /** The form's document templates (the templates module's repository, scoped to the owner). */
  templates: { listForForm(ownerId: string, formRowId: string): Promise<FormTemplate[]> };
  /** The authorized users of a form, without passwords (from the form-users module). */
  formUsers: { listByForm(formRowId: string): Promise<FormUser[]> };
  /** PUBLIC_URL: the base of openFormUrl and iframeCode. */
  publicUrl: string;
  /**
   * The sheetId (gid) of the tab a form binds to ('' names the first sheet), or null when it cannot be
   * read now or the tab does not exist yet: the sheet sync then binds it at its first write. The tab is
   * found by this id afterwards, so renaming it in Google changes nothing.
   */
  resolveSheetId?: (spreadsheetId: string, sheetName: string) => Promise<number | null>;
  /**
   * Binding a spreadsheet: throws the 403 problem unless the owner can edit it themselves (the service
   * account is shared by every owner; the sheets module's owner-access check). Answers how: 'granted'
   * (via their own Google token, or the spreadsheet's sharing), or 'unreachable' when the service account
   * cannot open it yet.
   */
  sheetAccess: {
    requireForBinding(
      ownerId: string,
      spreadsheetId: string,
      proof?: BindingProof,
    ): Promise<{ kind: 'granted'; via: string } | { kind: 'unreachable' }>;
  };
  /**
   * The form's signature files (the uploads module): listed before the form is deleted, since its
   * upload rows go with it, and deleted after it.
   */
  signatureFiles?: {
    keysOfForm(formRowId: string): Promise<string[]>;
    remove(keys: readonly string[]): Promise<void>;
  };
  /** Called after the sheet URL or sheet name changed: failed responses get another try (sheet-sync). */
  onSheetSettingsSaved?: (ownerId: string, formId: string) => Promise<unknown>;
  /**
   * Called with the public form id after a form was updated or deleted (its public side changed): the
   * form-access cache drops it, so this instance's next request reads the new form.
   */
  onFormChanged?: (formId: string) => void;
  /**
   * Options of fields read from a range of the form's spreadsheet (field-options): read when the form is
   * saved (the list stored with it is what respondents see while the range cannot be read), and again
   * when the owner opens the form, whose fieldWarnings say which ranges could not be read.
   */
  fieldOptions?: Pick<FieldOptions, 'resolve'>;
  now?: () => Date;
  newFormId?: () => string;
  newFieldId?: () => string;
}

/** The owner's own Google token, when they sent one to prove they can open the spreadsheet. */
export interface BindingProof {
  googleAccessToken?: string | undefined;
}

/**
 * Answers are keyed by label and written under the column with that header: two fields with one label
 * would share a column, and a field named like a column SheetForms fills itself would write into it.
 */
function requireDistinctLabels(fields: readonly FormField[]): void {
  const duplicate = duplicateFieldLabels(fields)[0];
  const system = systemColumnLabels(fields)[0];
  const message =
    duplicate !== undefined
      ? FIELD_LABEL_MESSAGES.duplicate(duplicate)
      : system !== undefined
        ? FIELD_LABEL_MESSAGES.system(system)
        : undefined;
  if (message) throw badRequest('VALIDATION_FAILED', message, [{ path: 'body.jdata', message }]);
}

const DEFAULT_STATUS = 'Active';
/** Tries of setTemplateEnabled's conditional write before it gives up (see there). */
const TEMPLATE_FLAG_ATTEMPTS = 5;
const FIELDS_REQUIRED = 'Please select fields for the form';

export const formNotFound = () => notFound('Form not found');
/** 409: the form was saved elsewhere after the client loaded it (PUT's expectedUpdatedAt). */
const formChanged = () => new HttpError(409, FORM_CHANGED_CODE, FORM_CHANGED_MESSAGE);

/**
 * A binding is recorded as proven only when this request's own token showed edit access (decision 0022):
 * the sync can never ask with that token again. Anything else, a grant remembered from an earlier token
 * (decision 0044) included, is recorded unproven, and the sync asks again, fresh, before its first write.
 */
function provenByThisToken(
  decision: { kind: 'granted'; via: string } | { kind: 'unreachable' },
  proof: BindingProof,
): boolean {
  return decision.kind === 'granted' && decision.via === 'own-token' && Boolean(proof.googleAccessToken);
}

function optionsSourceOf(
  row: Pick<FormRow, 'owner_id' | 'spreadsheet_id' | 'edit_access_proven_for'>,
): OptionsSource {
  return {
    ownerId: row.owner_id,
    spreadsheetId: row.spreadsheet_id,
    editAccessProvenFor: row.edit_access_proven_for,
  };
}

function ownedForm(
  row: Pick<FormRow, 'id' | 'form_id' | 'name' | 'fields_json' | 'settings_json' | 'spreadsheet_id'>,
): OwnedForm {
  return {
    id: row.id,
    formId: row.form_id,
    name: row.name,
    fields: fieldsFromJson(row.fields_json),
    sheetLinked: row.spreadsheet_id !== null,
    loginRequired: settingsFromJson(row.settings_json).loginRequired === 1,
  };
}

/**
 * A field sent with optionsFrom but without options keeps the list stored with it (same id, same range),
 * so a range that cannot be read while saving does not lose the last list read.
 */
function keepStoredOptions(fields: StoredField[], stored: readonly StoredField[]): StoredField[] {
  const byId = new Map(stored.map((field) => [field.id, field]));
  return fields.map((field) => {
    const before = byId.get(field.id);
    if (!field.optionsFrom || field.options || !before?.options) return field;
    return before.optionsFrom?.range === field.optionsFrom.range
      ? { ...field, options: before.options }
      : field;
  });
}

/** Creating, listing, reading, editing and deleting the signed-in owner's forms. */
export function createFormsService(deps: FormsServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const newFormId = deps.newFormId ?? generateFormId;

  /** The fields to store: each optionsFrom field with the list its range holds now, when it can be read. */
  async function withOptionsRead(fields: StoredField[], source: OptionsSource): Promise<StoredField[]> {
    if (!deps.fieldOptions) return fields;
    const read = await deps.fieldOptions.resolve(fields, source);
    return read.fields.map((field) => {
      if (!field.optionsFrom || (field.options && field.options.length > 0)) return field;
      // Nothing read and nothing kept: stored without a list (the contract refuses an empty one).
      const { options: _none, ...rest } = field;
      return rest;
    });
  }

  async function fieldWarnings(row: FormRow): Promise<FieldWarning[]> {
    if (!deps.fieldOptions) return [];
    const fields = fieldsFromJson(row.fields_json).filter((field) => !field.isRemoved);
    return (await deps.fieldOptions.resolve(fields, optionsSourceOf(row))).warnings;
  }

  async function resolveSheetId(spreadsheetId: string | null, sheetName: string): Promise<number | null> {
    if (!spreadsheetId || !deps.resolveSheetId) return null;
    return deps.resolveSheetId(spreadsheetId, sheetName).catch(() => null);
  }

  /**
   * Only another spreadsheet is a new binding: a form already bound keeps its own, and stays editable.
   * Answers what forms.edit_access_proven_for becomes (decision 0022): undefined for the binding the form
   * already has (left as it is, unless the owner's token proves it now: see proofForKeptBinding); the
   * spreadsheet id when the owner's own Google token showed edit access, since the sheet sync cannot ask
   * with that token again; otherwise null, and the sheet sync looks at the spreadsheet's sharing again
   * right before its first write, so access taken away in between is noticed.
   */
  async function requireSheetAccess(
    ownerId: string,
    spreadsheetId: string | null,
    proof: BindingProof,
    formId?: string,
  ): Promise<string | null | undefined> {
    if (!spreadsheetId) return null;
    if (formId) {
      const row = await requireRow(ownerId, formId);
      if (row.spreadsheet_id === spreadsheetId)
        return proofForKeptBinding(ownerId, spreadsheetId, row.edit_access_proven_for, proof);
    }
    const decision = await deps.sheetAccess.requireForBinding(ownerId, spreadsheetId, proof);
    return provenByThisToken(decision, proof) ? spreadsheetId : null;
  }

  /**
   * The sheet sync holds a binding with no proof (made before edit access was required, or while the
   * service account could not open the spreadsheet) until the spreadsheet's sharing shows the owner edits
   * it. An owner who edits it only through a Google group, a Workspace domain or a shared drive can show
   * that with their own token alone, so saving the same spreadsheet with it runs the binding's check: a
   * proof by the token is recorded, a refusal is the binding's 403. Without a token nothing is checked.
   */
  async function proofForKeptBinding(
    ownerId: string,
    spreadsheetId: string,
    provenFor: string | null,
    proof: BindingProof,
  ): Promise<string | undefined> {
    if (provenFor === spreadsheetId || !proof.googleAccessToken) return undefined;
    const decision = await deps.sheetAccess.requireForBinding(ownerId, spreadsheetId, proof);
    return provenByThisToken(decision, proof) ? spreadsheetId : undefined;
  }

  async function requireRow(ownerId: string, formId: string) {
    const row = await deps.forms.findByFormIdForOwner(ownerId, formId);
    if (!row) throw formNotFound();
    return row;
  }

  return {
    async create(ownerId: string, body: CreateFormInput, proof: BindingProof = {}): Promise<Form> {
      // The generator's rule first (its message), then the one rule every stored URL follows (PUT's too).
      const sheetUrl =
        body.googleSheetsUrl === ''
          ? ''
          : isValidSheetUrlForGenerator(body.googleSheetsUrl)
            ? storableSheetUrl(body.googleSheetsUrl)
            : undefined;
      if (sheetUrl === undefined) throw badRequest('INVALID_SHEET_URL', SHEET_URL_MESSAGES.generatorInvalid);
      requireDistinctLabels(body.jdata);
      const spreadsheetId = extractSpreadsheetId(sheetUrl) ?? null;
      const provenFor = await requireSheetAccess(ownerId, spreadsheetId, proof);
      const fields = await withOptionsRead(assignFieldIds(body.jdata, [], deps.newFieldId), {
        ownerId,
        spreadsheetId,
        editAccessProvenFor: provenFor ?? null,
      });
      if (body.settings) {
        normaliseDigestZone(body.settings);
        requireReceiptTargets(body.settings, fields, []);
      }
      const at = now().toISOString();
      const row = {
        id: randomUUID(),
        form_id: newFormId(),
        owner_id: ownerId,
        name: body.name,
        description: body.description,
        google_sheets_url: sheetUrl,
        spreadsheet_id: spreadsheetId,
        sheet_name: body.sheetName,
        sheet_id: await resolveSheetId(spreadsheetId, body.sheetName),
        sync_paused_reason: null,
        edit_access_proven_for: provenFor ?? null,
        fields_json: JSON.stringify(fields),
        // New forms tell their owner about each response unless the owner said otherwise (issue 24).
        settings_json: JSON.stringify(
          settingsForStorage({ ...body.settings, notifyOwner: body.settings?.notifyOwner ?? 1 }),
        ),
        status: body.status ?? DEFAULT_STATUS,
        due_date: body.dueDate,
        created_at: at,
        updated_at: at,
      };
      await deps.forms.insert(row);
      return toForm(row, deps.publicUrl);
    },

    async list(ownerId: string): Promise<FormListItem[]> {
      const rows = await deps.forms.listByOwner(ownerId);
      return rows.map((row) => toFormListItem(row, deps.publicUrl));
    },

    /** The form, only its newest responses (GET /forms/{formId}/responses pages the rest), users, templates. */
    async get(ownerId: string, formId: string): Promise<FormDetail> {
      const row = await requireRow(ownerId, formId);
      const templates = await deps.templates.listForForm(ownerId, row.id);
      const [responses, formUsers, warnings] = await Promise.all([
        deps.responses.newest(ownerId, ownedForm(row), templates),
        deps.formUsers.listByForm(row.id),
        fieldWarnings(row),
      ]);
      return {
        form: toForm(row, deps.publicUrl, templates),
        formResponse: responses.items,
        responseCount: responses.total,
        formUsers,
        formTemplate: templates,
        fieldWarnings: warnings,
      };
    },

    /**
     * Changes what was sent and nothing else: the editor sends the whole form, Manage Forms only
     * {googleSheetsUrl, sheetName}. Settings, when sent, replace the stored settings as a whole.
     */
    async update(
      ownerId: string,
      formId: string,
      body: UpdateFormInput,
      proof: BindingProof = {},
    ): Promise<Form> {
      // The form as stored before this update: read once, when a check below first needs it, and shared.
      let before: FormRow | undefined;
      const storedRow = async () => {
        before ??= await requireRow(ownerId, formId);
        return before;
      };
      if (body.expectedUpdatedAt !== undefined) {
        // Refused before any work (reading the sheet's options, finding a tab); the update checks again.
        if ((await storedRow()).updated_at !== body.expectedUpdatedAt) throw formChanged();
      }
      const changes: FormChanges = { updated_at: now().toISOString() };
      let savedFields: StoredField[] | undefined;
      if (body.googleSheetsUrl !== undefined) {
        if (!isValidSheetUrlForInlineEdit(body.googleSheetsUrl)) {
          throw badRequest('INVALID_SHEET_URL', SHEET_URL_MESSAGES.inlineInvalid);
        }
        changes.google_sheets_url = body.googleSheetsUrl;
        changes.spreadsheet_id = extractSpreadsheetId(body.googleSheetsUrl) ?? null;
        const provenFor = await requireSheetAccess(ownerId, changes.spreadsheet_id, proof, formId);
        if (provenFor !== undefined) changes.edit_access_proven_for = provenFor;
      }
      if (body.jdata !== undefined) {
        if (body.jdata.length === 0) {
          throw badRequest('VALIDATION_FAILED', FIELDS_REQUIRED, [
            { path: 'body.jdata', message: FIELDS_REQUIRED },
          ]);
        }
        requireDistinctLabels(body.jdata);
        const current = await storedRow();
        const stored = fieldsFromJson(current.fields_json);
        const fields = keepStoredOptions(assignFieldIds(body.jdata, stored, deps.newFieldId), stored);
        const source = optionsSourceOf({
          owner_id: current.owner_id,
          spreadsheet_id:
            changes.spreadsheet_id !== undefined ? changes.spreadsheet_id : current.spreadsheet_id,
          edit_access_proven_for:
            changes.edit_access_proven_for !== undefined
              ? changes.edit_access_proven_for
              : current.edit_access_proven_for,
        });
        savedFields = await withOptionsRead(fields, source);
        changes.fields_json = JSON.stringify(savedFields);
      }
      if (body.settings !== undefined) {
        normaliseDigestZone(body.settings);
        if (body.settings.respondentReceipt?.enabled) {
          const current = await storedRow();
          requireReceiptTargets(
            body.settings,
            savedFields ?? fieldsFromJson(current.fields_json),
            (await deps.templates.listForForm(ownerId, current.id)).map((template) => template.id),
          );
        }
        changes.settings_json = JSON.stringify(settingsForStorage(body.settings));
      }
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description;
      if (body.sheetName !== undefined) changes.sheet_name = body.sheetName;
      if (body.googleSheetsUrl !== undefined || body.sheetName !== undefined) {
        // A new link or tab is a new binding: find the tab again, and let a paused sync run.
        const current = await storedRow();
        const spreadsheetId =
          changes.spreadsheet_id !== undefined ? changes.spreadsheet_id : current.spreadsheet_id;
        const sheetName = changes.sheet_name ?? current.sheet_name;
        const sameBinding = spreadsheetId === current.spreadsheet_id && sheetName === current.sheet_name;
        if (!sameBinding) {
          changes.sheet_id = await resolveSheetId(spreadsheetId, sheetName);
          changes.sync_paused_reason = null;
        }
      }
      if (body.dueDate !== undefined) changes.due_date = body.dueDate;
      if (body.status !== undefined) changes.status = body.status;

      const updated = await deps.forms.update(ownerId, formId, changes, body.expectedUpdatedAt);
      if (!updated) throw formNotFound();
      if (!updated.applied) throw formChanged();
      const { row } = updated;
      deps.onFormChanged?.(formId);
      if (body.googleSheetsUrl !== undefined || body.sheetName !== undefined) {
        await deps.onSheetSettingsSaved?.(ownerId, formId);
      }
      return toForm(row, deps.publicUrl, await deps.templates.listForForm(ownerId, row.id));
    },

    async remove(ownerId: string, formId: string): Promise<void> {
      const row = await requireRow(ownerId, formId);
      const signatureKeys = (await deps.signatureFiles?.keysOfForm(row.id)) ?? [];
      if (!(await deps.forms.deleteForOwner(ownerId, formId))) throw formNotFound();
      deps.onFormChanged?.(formId);
      await deps.signatureFiles?.remove(signatureKeys);
    },

    /** For modules that hang data off a form (users, templates): 404 unless the caller owns it. */
    async requireOwned(ownerId: string, formId: string): Promise<OwnedForm> {
      return ownedForm(await requireRow(ownerId, formId));
    },

    /**
     * Spec 001 section 4: the templates module sets the flag when templates are added or deleted. Only
     * the flag changes; the rest of the stored settings stays as it is.
     *
     * A settings save (PUT /forms) can commit between reading the settings here and writing them back,
     * so the write holds only if the stored settings text is still the one read, and a miss reads again.
     * Conditioning on the text rather than on updated_at also catches two saves in one millisecond. An
     * atomic json_set / jsonb_set would skip settingsFromJson / settingsForStorage (the one definition of
     * stored settings) and fail on text that no longer parses, which those read as the defaults.
     */
    async setTemplateEnabled(ownerId: string, formId: string, enabled: boolean): Promise<void> {
      for (let attempt = 1; ; attempt++) {
        const row = await requireRow(ownerId, formId);
        const settings = {
          ...settingsFromJson(row.settings_json),
          templateEnabled: enabled ? 1 : 0,
        } as const;
        const stored = await deps.forms.replaceSettingsIfUnchanged(ownerId, formId, row.settings_json, {
          settingsJson: JSON.stringify(settingsForStorage(settings)),
          updatedAt: now().toISOString(),
        });
        if (stored) break;
        // Each miss means another save of this form's settings committed meanwhile; this many in a row
        // is someone saving in a loop, and a logged 500 beats spinning on it.
        if (attempt === TEMPLATE_FLAG_ATTEMPTS) {
          throw new Error(`templateEnabled of form ${formId} not stored: its settings kept changing`);
        }
      }
      deps.onFormChanged?.(formId);
    },
  };
}

export type FormsService = ReturnType<typeof createFormsService>;
