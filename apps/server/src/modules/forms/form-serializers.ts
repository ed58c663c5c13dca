import {
  FIELD_ID_PATTERN,
  type Form,
  FormFieldSchema,
  type FormListItem,
  type FormTemplate,
} from '@sheetforms/contract';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { FormsTable } from '../../db/schema.js';
import { type StoredField, withStoredIds } from './field-ids.js';
import { embedScriptUrl, iframeCode, openFormUrl } from './form-links.js';
import { settingsFromJson } from './form-settings.js';

export type FormRow = Selectable<FormsTable>;
export type FormListRow = Pick<
  FormRow,
  'id' | 'form_id' | 'name' | 'google_sheets_url' | 'sheet_name' | 'status' | 'created_at'
> & { response_count: number | string | bigint };

const FieldsSchema = z.array(FormFieldSchema);

/** A stored field whose id is not one the contract accepts reads as a field without one. */
function withoutUnreadableId(field: unknown): unknown {
  if (typeof field !== 'object' || field === null || !('id' in field)) return field;
  const { id, ...rest } = field as Record<string, unknown>;
  return typeof id === 'string' && FIELD_ID_PATTERN.test(id) ? field : rest;
}

/**
 * Fields are written by this module through the contract schema, so a failure here is a bug (500). Every
 * field comes back with an id; one stored without (before migration 0016), or with an id the contract
 * would refuse (an older row's own text), gets its position's rather than making every read fail.
 */
export function fieldsFromJson(text: string): StoredField[] {
  const stored: unknown = JSON.parse(text);
  return withStoredIds(FieldsSchema.parse(Array.isArray(stored) ? stored.map(withoutUnreadableId) : stored));
}

/** Links are built from today's PUBLIC_URL, never stored, so a moved deployment keeps working links. */
function links(publicUrl: string, formId: string, name: string) {
  const url = openFormUrl(publicUrl, formId);
  return { openFormUrl: url, iframeCode: iframeCode(url, name, embedScriptUrl(publicUrl)) };
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
