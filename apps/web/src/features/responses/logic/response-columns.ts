import type { FormField } from '@sheetforms/contract';

/** The key under which a response holds its signature image URL (spec 001 submit-form payload). */
export const SIGNATURE_KEY = 'signature';

export interface AnswerColumn {
  /** The key in a response's `response` map (a field label). */
  key: string;
  /** The column heading. */
  label: string;
  kind: 'field' | 'signature';
}

/**
 * The answer columns of the table, between 'No.' and 'Timestamp' on one side and 'Actions' on the other.
 *
 * The spec names "one column per field of the first response". Taken literally that loses answers: the
 * public form leaves empty values out of a response (spec 001 section 5), so the first response lacks every
 * field its respondent skipped, and its keys come in whatever order the respondent's browser sent them.
 * So the form's non-removed fields come first, in form order (a skipped field still gets its column), and
 * then every other key the first response has (a field removed or renamed since, still holding data), so
 * the spec's column set is always included. The signature, when present, is last, as an image column.
 */
export function answerColumns(
  fields: readonly FormField[],
  firstResponse: Readonly<Record<string, string>> | undefined,
): AnswerColumn[] {
  const columns: AnswerColumn[] = [];
  const seen = new Set<string>();
  for (const field of fields) {
    if (field.isRemoved || seen.has(field.label) || field.label === SIGNATURE_KEY) continue;
    seen.add(field.label);
    columns.push({ key: field.label, label: field.label, kind: 'field' });
  }
  const keys = firstResponse ? Object.keys(firstResponse) : [];
  for (const key of keys) {
    if (seen.has(key) || key === SIGNATURE_KEY) continue;
    seen.add(key);
    columns.push({ key, label: key, kind: 'field' });
  }
  if (keys.includes(SIGNATURE_KEY))
    columns.push({ key: SIGNATURE_KEY, label: 'Signature', kind: 'signature' });
  return columns;
}

/** Every answer of one response for the detail drawer: the table's columns, then anything else it holds. */
export function answerEntries(
  columns: readonly AnswerColumn[],
  response: Readonly<Record<string, string>>,
): AnswerColumn[] {
  const known = new Set(columns.map((column) => column.key));
  const extra: AnswerColumn[] = Object.keys(response)
    .filter((key) => !known.has(key))
    .map((key) =>
      key === SIGNATURE_KEY
        ? { key, label: 'Signature', kind: 'signature' }
        : { key, label: key, kind: 'field' },
    );
  // The signature reads best at the end, after every written answer.
  return [...columns, ...extra].sort(
    (a, b) => Number(a.kind === 'signature') - Number(b.kind === 'signature'),
  );
}

/** Fields the form shows (spec 001: removed fields are hidden); the 'Form Fields' card counts these. */
export function visibleFieldCount(fields: readonly FormField[]): number {
  return fields.filter((field) => !field.isRemoved).length;
}
