import {
  EXPORT_LEADING_COLUMNS,
  EXPORT_TRAILING_COLUMNS,
  type FormField,
  withoutXmlForbiddenCharacters,
} from '@sheetforms/contract';
import { answersFromJson, type ResponseRow } from './response-serializers.js';

/**
 * The labels the export has a column for: each current field's label in form order, then every other
 * label the exported responses hold answers under (a field removed, or renamed, since they were sent),
 * in the order `storedLabels` gives them (the newest response holding it first). The table and the
 * drawer of the responses page show those answers too, so the download must not drop them.
 */
export function exportLabels(fields: readonly FormField[], storedLabels: readonly string[] = []): string[] {
  const labels = [...new Set(fields.filter((field) => !field.isRemoved).map((field) => field.label))];
  const seen = new Set(labels);
  for (const label of storedLabels) {
    if (seen.has(label)) continue;
    seen.add(label);
    labels.push(label);
  }
  return labels;
}

/**
 * The export's columns: No., Timestamp, Response ID, the answer labels, Signature (its URL), Sync state.
 * Like every exported cell, a label loses the characters XML 1.0 forbids (see exportCells).
 */
export function exportHeader(labels: readonly string[]): string[] {
  return [
    ...EXPORT_LEADING_COLUMNS,
    ...labels.map(withoutXmlForbiddenCharacters),
    ...EXPORT_TRAILING_COLUMNS,
  ];
}

/**
 * One response as export cells. No. counts from 1 in export order, which is newest first like the
 * page. Timestamp is ISO 8601 in UTC (e.g. 2026-11-25T09:05:00.000Z): unambiguous in every locale and
 * sortable as text, where the sheet's "MM/DD/YYYY, hh:mm AM" would be read differently by each program.
 */
export function exportCells(no: number, row: ResponseRow, labels: readonly string[]): string[] {
  const answers = answersFromJson(row.answers_json);
  // Respondents' words may hold characters XML 1.0 forbids (U+FFFE, C0 controls, a lone surrogate): one
  // of them makes the XLSX sheet unreadable, so they are left out here, for CSV and XLSX alike.
  return [
    String(no),
    row.created_at,
    row.id,
    ...labels.map((label) => withoutXmlForbiddenCharacters(answers[label] ?? '')),
    withoutXmlForbiddenCharacters(row.signature_url ?? ''),
    row.sync_state,
  ];
}
