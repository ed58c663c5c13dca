import type { FormField, FormSettings, PublicForm, PublicFormField } from '@sheetforms/contract';
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
  /** Fields that are not removed, in form order. */
  fields: FormField[];
  settings: FormSettings;
  acceptingResponses: boolean;
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
    jdata: form.fields.map(
      (field): PublicFormField => ({
        label: field.label,
        type: field.type,
        required: field.required,
        placeHolder: field.placeHolder,
      }),
    ),
    acceptingResponses: form.acceptingResponses,
  };
}
