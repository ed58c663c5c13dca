import { EXPORT_LEADING_COLUMNS, EXPORT_TRAILING_COLUMNS, type FormField } from '@sheetforms/contract';
import { answersFromJson, type ResponseRow } from './response-serializers.js';

/**
 * The export's columns: No., Timestamp, Response ID, each current field's label in form order,
 * Signature (its URL), Sync state. Removed fields are left out, as on the responses page.
 */
export function exportHeader(fields: readonly FormField[]): string[] {
  return [...EXPORT_LEADING_COLUMNS, ...currentLabels(fields), ...EXPORT_TRAILING_COLUMNS];
}

/**
 * One response as export cells. No. counts from 1 in export order, which is newest first like the
 * page. Timestamp is ISO 8601 in UTC (e.g. 2026-11-25T09:05:00.000Z): unambiguous in every locale and
 * sortable as text, where the sheet's "MM/DD/YYYY, hh:mm AM" would be read differently by each program.
 */
export function exportCells(no: number, row: ResponseRow, fields: readonly FormField[]): string[] {
  const answers = answersFromJson(row.answers_json);
  return [
    String(no),
    row.created_at,
    row.id,
    ...currentLabels(fields).map((label) => answers[label] ?? ''),
    row.signature_url ?? '',
    row.sync_state,
  ];
}

function currentLabels(fields: readonly FormField[]): string[] {
  return fields.filter((field) => !field.isRemoved).map((field) => field.label);
}
