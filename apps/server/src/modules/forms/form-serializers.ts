import { type Form, FormFieldSchema, type FormListItem, type FormTemplate } from '@sheetforms/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { FormsTable } from '../../db/schema.js';
import { type StoredField, withStoredIds } from './field-ids.js';
import { iframeCode, openFormUrl } from './form-links.js';
import { settingsFromJson } from './form-settings.js';

export type FormRow = Selectable<FormsTable>;
export type FormListRow = Pick<
  FormRow,
  'id' | 'form_id' | 'name' | 'google_sheets_url' | 'sheet_name' | 'status' | 'created_at'
> & { response_count: number | string | bigint };

const FieldsSchema = z.array(FormFieldSchema);

/**
 * Fields are written by this module through the contract schema, so a failure here is a bug (500). Every
 * field comes back with an id; one stored without (before migration 0016) gets its position's.
 */
export function fieldsFromJson(text: string): StoredField[] {
  return withStoredIds(FieldsSchema.parse(JSON.parse(text)));
}

/** Links are built from today's PUBLIC_URL, never stored, so a moved deployment keeps working links. */
function links(publicUrl: string, formId: string, name: string) {
  const url = openFormUrl(publicUrl, formId);
  return { openFormUrl: url, iframeCode: iframeCode(url, name) };
}

/** `templates` come from their own table; the settings' stored list is never shown (it is always empty). */
export function toForm(row: FormRow, publicUrl: string, templates: FormTemplate[] = []): Form {
  return {
    id: row.id,
    formId: row.form_id,
    name: row.name,
    description: row.description,
    googleSheetsUrl: row.google_sheets_url,
    sheetName: row.sheet_name,
    jdata: fieldsFromJson(row.fields_json),
    settings: { ...settingsFromJson(row.settings_json), templates },
    dueDate: row.due_date,
    status: row.status,
    ...links(publicUrl, row.form_id, row.name),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toFormListItem(row: FormListRow, publicUrl: string): FormListItem {
  return {
    id: row.id,
    formId: row.form_id,
    name: row.name,
    ...links(publicUrl, row.form_id, row.name),
    googleSheetsUrl: row.google_sheets_url,
    sheetName: row.sheet_name,
    status: row.status,
    createdAt: row.created_at,
    responseCount: Number(row.response_count),
  };
}
