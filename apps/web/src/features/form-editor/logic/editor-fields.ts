import type { FieldType, FormField, FormFieldInput } from '@sheetforms/contract';
import {
  duplicateFieldLabels,
  FIELD_LABEL_MESSAGES,
  FieldTypeSchema,
  isSystemColumn,
  normaliseLabel,
} from '@sheetforms/contract';

/** A field while it is being edited: its position in the saved form is remembered (spec 001 section 3). */
export interface EditorField extends FormField {
  originalIndex: number;
}

/** The fields as the editor holds them; defaults fill anything the stored jdata left out. */
export function toEditorFields(jdata: readonly FormFieldInput[]): EditorField[] {
  return jdata.map((field, originalIndex) => {
    const type = FieldTypeSchema.safeParse(field.type);
    const editorField: EditorField = {
      label: field.label,
      type: type.success ? type.data : 'text',
      required: field.required ?? false,
      placeHolder: field.placeHolder ?? '',
      isRemoved: field.isRemoved ?? false,
      originalIndex,
    };
    if (field.name !== undefined) editorField.name = field.name;
    if (field.column !== undefined) editorField.column = field.column;
    return editorField;
  });
}

export type FieldChange = Partial<Pick<FormField, 'label' | 'type' | 'required' | 'placeHolder'>>;

/** Applies an edit to the field at originalIndex. */
export function updateField(
  fields: readonly EditorField[],
  originalIndex: number,
  change: FieldChange,
): EditorField[] {
  return fields.map((field) => (field.originalIndex === originalIndex ? { ...field, ...change } : field));
}

/**
 * Removing a field marks it isRemoved; it stays in the form (hidden) so its answers keep their column.
 * A label left blank before removal gets its stored label back, since a hidden field cannot be fixed.
 */
export function markRemoved(
  fields: readonly EditorField[],
  originalIndex: number,
  storedLabel?: string,
): EditorField[] {
  return fields.map((field) => {
    if (field.originalIndex !== originalIndex) return field;
    const label = field.label.trim() === '' && storedLabel ? storedLabel : field.label;
    return { ...field, label, isRemoved: true };
  });
}

/** Brings a removed field back. */
export function restoreField(fields: readonly EditorField[], originalIndex: number): EditorField[] {
  return fields.map((field) =>
    field.originalIndex === originalIndex ? { ...field, isRemoved: false } : field,
  );
}

/** The fields the editor shows: removed ones are hidden. */
export function visibleFields(fields: readonly EditorField[]): EditorField[] {
  return fields.filter((field) => !field.isRemoved);
}

/** On save: every field (removed ones included), sorted back to original order, without the index. */
export function toSavedFields(fields: readonly EditorField[]): FormField[] {
  return [...fields]
    .sort((a, b) => a.originalIndex - b.originalIndex)
    .map(({ originalIndex: _originalIndex, ...field }) => field);
}

/** The labels of shown fields that are blank: a field needs a label (answers are keyed by it). */
export function blankLabelIndexes(fields: readonly EditorField[]): number[] {
  return visibleFields(fields)
    .filter((field) => field.label.trim() === '')
    .map((field) => field.originalIndex);
}

/**
 * The shown fields whose label breaks the label rules (another shown field has it, or it names a column
 * SheetForms fills in itself), by originalIndex, with the message for each.
 */
export function labelProblems(fields: readonly EditorField[]): Map<number, string> {
  const shown = visibleFields(fields);
  const problems = new Map<number, string>();
  const duplicates = new Set(duplicateFieldLabels(shown).map(normaliseLabel));
  for (const field of shown) {
    const key = normaliseLabel(field.label);
    if (duplicates.has(key)) {
      const first = shown.find((other) => normaliseLabel(other.label) === key)?.label.trim() ?? field.label;
      problems.set(field.originalIndex, FIELD_LABEL_MESSAGES.duplicate(first));
    } else if (isSystemColumn(field.label)) {
      problems.set(field.originalIndex, FIELD_LABEL_MESSAGES.system(field.label.trim()));
    }
  }
  return problems;
}

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  date: 'Date',
  textarea: 'Long text',
};
