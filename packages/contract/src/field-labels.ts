/**
 * The rules every form's field labels follow, shared by the generator, the editor and the server.
 *
 * Answers are keyed by label and written to the sheet column whose header matches the label, so two
 * fields with one label would collapse into one column, and a field named like a column SheetForms fills
 * itself would write into that column.
 */

/**
 * The columns SheetForms fills in itself on every row it appends to a sheet: they are never form fields.
 * The generator marks them in its preview and never offers them; the server refuses a form that has them.
 */
export const SYSTEM_COLUMNS = ['Timestamp', 'Response ID', 'Signature'] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];

/** The texts of the label rules, shown next to the fields, in a toast and in the server's 400. */
export const FIELD_LABEL_MESSAGES = {
  duplicate: (label: string) => `Each field needs its own label: "${label}" is used more than once.`,
  system: (label: string) =>
    `"${label}" is a column SheetForms fills in itself (${SYSTEM_COLUMNS.join(', ')}): please choose another label.`,
} as const;

/**
 * How labels and headers are compared: trimmed, inner runs of spaces made one, case-folded (the same
 * comparison the sheet writer uses to find a column by its header).
 */
export function normaliseLabel(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

const systemColumns = new Set(SYSTEM_COLUMNS.map(normaliseLabel));

/** Whether a sheet header or a label names one of the columns SheetForms fills in itself. */
export function isSystemColumn(text: string): boolean {
  return systemColumns.has(normaliseLabel(text));
}

/** The part of a field the label rules read; a removed field (hidden from the form) is not checked. */
export interface LabelledField {
  label: string;
  isRemoved?: boolean | undefined;
}

/**
 * The labels used by more than one shown field, each once, as the first field spells it, in form order.
 * Blank labels are left to the "label is required" rule.
 */
export function duplicateFieldLabels(fields: readonly LabelledField[]): string[] {
  const seen = new Map<string, string>();
  const duplicates = new Map<string, string>();
  for (const field of fields) {
    if (field.isRemoved) continue;
    const key = normaliseLabel(field.label);
    if (key === '') continue;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, field.label.trim());
    else if (!duplicates.has(key)) duplicates.set(key, first);
  }
  return [...duplicates.values()];
}

/** The labels of shown fields that name a system column, as spelled, in form order. */
export function systemColumnLabels(fields: readonly LabelledField[]): string[] {
  return fields
    .filter((field) => !field.isRemoved && isSystemColumn(field.label))
    .map((field) => field.label.trim());
}

/**
 * The first problem with a form's labels (a duplicate, then a system column's name), as the message to
 * show, or null when every shown field has its own label.
 */
export function fieldLabelProblem(fields: readonly LabelledField[]): string | null {
  const [duplicate] = duplicateFieldLabels(fields);
  if (duplicate !== undefined) return FIELD_LABEL_MESSAGES.duplicate(duplicate);
  const [system] = systemColumnLabels(fields);
  if (system !== undefined) return FIELD_LABEL_MESSAGES.system(system);
  return null;
}
