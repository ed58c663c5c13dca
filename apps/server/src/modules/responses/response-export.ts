import {
  EXPORT_TRAILING_COLUMNS,
  exportLeadingColumns,
  type FormField,
  SHEET_STATE_LABELS,
  withoutXmlForbiddenCharacters,
} from '@sheetforms/contract';
import { answersFromJson, type ResponseRow, sheetStateOf } from './response-serializers.js';
import { readableTimestamp } from './zone-timestamp.js';

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

/** How the rows of one export are laid out: the same for CSV and XLSX. */
export interface ExportLayout {
  labels: readonly string[];
  /** IANA zone of the readable Timestamp column. */
  timeZone: string;
  /** The form requires login, or a response names its respondent: a Respondent column. */
  withRespondent: boolean;
  /** Without a linked sheet, unsynced rows read 'No sheet'. */
  sheetLinked: boolean;
}

/**
 * The export's columns: No., Timestamp ({zone}), Timestamp (ISO 8601, UTC), Response ID, Respondent (when
 * the layout has it), the answer labels, Signature (its URL), Sync state. Like every exported cell, a
 * label loses the characters XML 1.0 forbids (see exportCells).
 */
export function exportHeader(layout: ExportLayout): string[] {
  return [
    ...exportLeadingColumns(layout.timeZone, layout.withRespondent),
    ...layout.labels.map(withoutXmlForbiddenCharacters),
    ...EXPORT_TRAILING_COLUMNS,
  ];
}

/**
 * One response as export cells. No. counts from 1 in export order, which is newest first like the
 * page. The readable timestamp is 'YYYY-MM-DD HH:mm:ss' in the owner's zone (the header names it; Excel
 * and Sheets read it as a date and time, and it sorts as text); the ISO 8601 instant in UTC stays in its
 * own column for programs. Sync state is the word the responses page shows.
 */
export function exportCells(no: number, row: ResponseRow, layout: ExportLayout): string[] {
  const answers = answersFromJson(row.answers_json);
  // Respondents' words may hold characters XML 1.0 forbids (U+FFFE, C0 controls, a lone surrogate): one
  // of them makes the XLSX sheet unreadable, so they are left out here, for CSV and XLSX alike.
  return [
    String(no),
    readableTimestamp(row.created_at, layout.timeZone),
    row.created_at,
    row.id,
    ...(layout.withRespondent ? [withoutXmlForbiddenCharacters(row.respondent_email ?? '')] : []),
    ...layout.labels.map((label) => withoutXmlForbiddenCharacters(answers[label] ?? '')),
    withoutXmlForbiddenCharacters(row.signature_url ?? ''),
    SHEET_STATE_LABELS[sheetStateOf(row, layout.sheetLinked)],
  ];
}
