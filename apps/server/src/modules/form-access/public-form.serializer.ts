import {
  type FormSettings,
  isChoiceType,
  OTHER_CAPABLE_TYPES,
  type PublicForm,
  type PublicFormField,
} from '@sheetforms/contract';
import type { OptionsSource } from '../field-options/field-options.service.js';
import type { StoredField } from '../forms/field-ids.js';
import { fieldsFromJson } from '../forms/form-serializers.js';
import { settingsFromJson } from '../forms/form-settings.js';
import type { PublicFormRow } from './public-forms.repository.js';

/** The only status in which a form takes submissions. */
export const ACTIVE_STATUS = 'Active';

/** A form as the public side works with it: internal id for queries, visible fields only. */
export interface LoadedForm {
  /** forms.id (internal): the foreign key of responses, uploads and form users. */
  id: string;
  formId: string;
  name: string;
  description: string;
  /**
   * Fields that are not removed, in form order. Once loaded through the form-access service, a field with
   * optionsFrom carries the options as read now in `options`.
   */
  fields: StoredField[];
  settings: FormSettings;
  acceptingResponses: boolean;
  /** How many of its webhooks are enabled (with the settings, forms/delivery-destinations.ts). */
  enabledWebhooks: number;
  /** Where options ranges are read from (internal: never sent to respondents). */
  optionsSource?: OptionsSource;
}

export function toLoadedForm(row: PublicFormRow): LoadedForm {
  return {
    id: row.id,
    formId: row.form_id,
    name: row.name,
    description: row.description,
    fields: fieldsFromJson(row.fields_json).filter((field) => !field.isRemoved),
    settings: settingsFromJson(row.settings_json),
    acceptingResponses: row.status === ACTIVE_STATUS,
    enabledWebhooks: Number(row.enabled_webhooks ?? 0),
    optionsSource: {
      ownerId: row.owner_id,
      spreadsheetId: row.spreadsheet_id,
      editAccessProvenFor: row.edit_access_proven_for,
    },
  };
}

/** What a respondent sees of a field: its answer rules, never where its options come from or its column. */
export function toPublicField(field: StoredField): PublicFormField {
  const otherCapable = (OTHER_CAPABLE_TYPES as readonly string[]).includes(field.type);
  return {
    id: field.id,
    label: field.label,
    type: field.type,
    required: field.required,
    placeHolder: field.placeHolder,
    ...(isChoiceType(field.type) ? { options: [...(field.options ?? [])] } : {}),
    ...(otherCapable && field.allowOther ? { allowOther: true } : {}),
    ...(field.min !== undefined ? { min: field.min } : {}),
    ...(field.max !== undefined ? { max: field.max } : {}),
    // The rules only name earlier fields' ids and values the owner chose to compare with.
    ...(field.visibleWhen && field.visibleWhen.rules.length > 0 ? { visibleWhen: field.visibleWhen } : {}),
  };
}

/** Built key by key, so templates, the sheet, the owner and the rest of the settings never leave. */
export function toPublicForm(form: LoadedForm): PublicForm {
  const { settings } = form;
  return {
    formId: form.formId,
    name: form.name,
    description: form.description,
    settings: {
      loginRequired: settings.loginRequired,
      signatureEnabled: settings.signatureEnabled,
      signatureWidth: settings.signatureWidth,
      signatureHeight: settings.signatureHeight,
      gdprEnabled: settings.gdprEnabled,
    },
    jdata: form.fields.map(toPublicField),
    acceptingResponses: form.acceptingResponses,
  };
}
