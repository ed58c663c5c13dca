import {
  EXPORT_TRAILING_COLUMNS,
  exportLeadingColumns,
  FORM_LIMITS,
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

/**
 * At most this many columns hold answers under labels no current field has (fields removed or renamed
 * since): as many as a form may have fields, so an export is at most about twice as wide as the widest
 * form. Every rename of a field adds a label, so without a bound an owner could make an export of any
 * width (20 rounds of renaming 200 fields: 4,200 columns, past 16,384 Excel cannot open the file) and
 * every row of it that wide, mostly empty cells.
 */
export const EXPORT_OTHER_LABEL_COLUMNS = FORM_LIMITS.fieldsMax;

/** The column after the other labels' columns that holds the answers under the labels past the bound. */
export const OTHER_ANSWERS_COLUMN = 'Other answers';

/** The answer columns of an export, and the labels whose answers share the Other answers column. */
export interface ExportAnswerLabels {
  labels: string[];
  otherLabels: ReadonlySet<string>;
}

/**
 * exportLabels within the bound: every current field's label, then the first EXPORT_OTHER_LABEL_COLUMNS
 * other labels (those the newest responses hold) as columns; any further label's answers go into the one
 * Other answers column (see exportCells), so no answer is left out of the download.
 */
export function exportAnswerLabels(
  fields: readonly FormField[],
  storedLabels: readonly string[] = [],
  maxOtherColumns: number = EXPORT_OTHER_LABEL_COLUMNS,
): ExportAnswerLabels {
  const labels = exportLabels(fields, storedLabels);
  const current = new Set(fields.filter((field) => !field.isRemoved).map((field) => field.label)).size;
  const columns = current + maxOtherColumns;
  return { labels: labels.slice(0, columns), otherLabels: new Set(labels.slice(columns)) };
}

/** How the rows of one export are laid out: the same for CSV and XLSX. */
export interface ExportLayout {
  labels: readonly string[];
  /**
   * Labels past the bound on columns (exportAnswerLabels): when there is any, an Other answers column
   * follows the labels' columns.
   */
  otherLabels?: ReadonlySet<string>;
  /** IANA zone of the readable Timestamp column. */
  timeZone: string;
  /** The form requires login, or a response names its respondent: a Respondent column. */
  withRespondent: boolean;
  /** Without a linked sheet, unsynced rows read 'No sheet'. */
  sheetLinked: boolean;
}

/**
 * The export's columns: No., Timestamp ({zone}), Timestamp (ISO 8601, UTC), Response ID, Respondent (when
 * the layout has it), the answer labels, Other answers (when the layout has labels past the bound),
 * Signature (its URL), Sync state. Like every exported cell, a label loses the characters XML 1.0 forbids
 * (see exportCells).
 */
export function exportHeader(layout: ExportLayout): string[] {
  return [
    ...exportLeadingColumns(layout.timeZone, layout.withRespondent),
    ...layout.labels.map(withoutXmlForbiddenCharacters),
    ...(hasOtherAnswers(layout) ? [OTHER_ANSWERS_COLUMN] : []),
    ...EXPORT_TRAILING_COLUMNS,
  ];
}

/**
 * One response as export cells. No. counts from 1 in export order, which is newest first like the
 * page. The readable timestamp is 'YYYY-MM-DD HH:mm:ss' in the owner's zone (the header names it; Excel
 * and Sheets read it as a date and time, and it sorts as text); the ISO 8601 instant in UTC stays in its
 * own column for programs. Other answers holds the response's answers under the labels past the bound,
 * one 'label: value' line each, in the order the response holds them. Sync state is the word the
 * responses page shows.
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
    ...(hasOtherAnswers(layout) ? [otherAnswers(answers, layout.otherLabels)] : []),
    withoutXmlForbiddenCharacters(row.signature_url ?? ''),
    SHEET_STATE_LABELS[sheetStateOf(row, layout.sheetLinked)],
  ];
}

function hasOtherAnswers(
  layout: ExportLayout,
): layout is ExportLayout & { otherLabels: ReadonlySet<string> } {
  return layout.otherLabels !== undefined && layout.otherLabels.size > 0;
}

/**
 * The most characters a spreadsheet cell holds (Excel's limit; Google Sheets takes 50,000): an 'Other
 * answers' cell longer than this opens with a repair prompt in Excel, so it is cut, and says so.
 */
export const OTHER_ANSWERS_CELL_MAX = 32_767;
const CUT_MARK = '\n…';

/** The response's answers under `otherLabels`, one 'label: value' line each; empty answers left out. */
function otherAnswers(answers: Record<string, string>, otherLabels: ReadonlySet<string>): string {
  // The response's own answers are looked through (at most a form's fields), not every label past the bound.
  const lines: string[] = [];
  for (const [label, value] of Object.entries(answers)) {
    if (value !== '' && otherLabels.has(label)) lines.push(`${label}: ${value}`);
  }
  const text = withoutXmlForbiddenCharacters(lines.join('\n'));
  return text.length <= OTHER_ANSWERS_CELL_MAX
    ? text
    : `${text.slice(0, OTHER_ANSWERS_CELL_MAX - CUT_MARK.length)}${CUT_MARK}`;
}
