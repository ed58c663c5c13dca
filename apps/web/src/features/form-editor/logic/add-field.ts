import {
  defaultPlaceholder,
  FIELD_LABEL_MESSAGES,
  FORM_LIMITS,
  isSystemColumn,
  normaliseLabel,
  type SheetHeader,
  typeReasonText,
} from '@sheetforms/contract';
import type { EditorField } from './editor-field';

export const ADD_FIELD_MESSAGES = {
  labelRequired: 'Enter a label for the new question',
  tooMany: `A form can have at most ${FORM_LIMITS.fieldsMax} fields`,
  newColumnHint: 'A new column is added at the end of your sheet',
  columnTaken: (label: string, owner: EditorField) =>
    owner.isRemoved
      ? `"${label}" is the sheet column of the removed field "${owner.label.trim()}": restore that field instead.`
      : `"${label}" is the sheet column of the field "${owner.label.trim()}": please choose another label.`,
} as const;

/** The sheet column header a field writes to: its `name` when it has one, else its label. */
function headerOf(field: EditorField): string {
  return normaliseLabel(field.name ?? field.label);
}

/**
 * The sheet's columns no field writes to yet, in sheet order, to be offered as new fields. Every field
 * counts, removed ones too (they keep their column). A field finds its column by header text, as the
 * sheet writer does; its remembered column position tells two columns with one header apart. The
 * columns SheetForms fills in itself are never offered.
 */
export function unusedSheetColumns(
  headers: readonly SheetHeader[],
  fields: readonly EditorField[],
): SheetHeader[] {
  const claimed = new Set<number>();
  const unplaced: EditorField[] = [];
  for (const field of fields) {
    const exact = headers.find(
      (header) =>
        header.index === field.column &&
        !claimed.has(header.index) &&
        normaliseLabel(header.name) === headerOf(field),
    );
    if (exact) claimed.add(exact.index);
    else unplaced.push(field);
  }
  for (const field of unplaced) {
    const byText = headers.find(
      (header) => !claimed.has(header.index) && normaliseLabel(header.name) === headerOf(field),
    );
    if (byText) claimed.add(byText.index);
  }
  return headers.filter((header) => !claimed.has(header.index) && !isSystemColumn(header.name));
}

/**
 * A new field for a sheet column, starting with the type the sheet suggests and its options or bounds.
 * It is bound to the column (name and position) like the generator's fields, so a rename later keeps
 * writing there.
 */
export function fieldFromColumn(header: SheetHeader, key: string, label = header.name): EditorField {
  const typeHint = typeReasonText(header.typeReason, header.suggestedType);
  return {
    key,
    ...(typeHint ? { typeHint } : {}),
    ...(header.optionsFrom ? { suggestedRange: header.optionsFrom.range } : {}),
    label,
    required: false,
    isRemoved: false,
    name: header.name,
    column: header.index,
    settings: {
      type: header.suggestedType,
      options: header.options ? [...header.options] : undefined,
      optionsFrom: header.optionsFrom ? { ...header.optionsFrom } : undefined,
      min: header.min,
      max: header.max,
      allowOther: undefined,
      placeHolder: defaultPlaceholder(label),
    },
  };
}

/** A new question: a text field whose label becomes a new column at the end of the sheet's header. */
export function newQuestionField(label: string, key: string): EditorField {
  return {
    key,
    label,
    required: false,
    isRemoved: false,
    settings: { type: 'text', placeHolder: defaultPlaceholder(label) },
  };
}

/** Why no field can be added now (the form is full), or null. */
export function addFieldProblem(fields: readonly EditorField[]): string | null {
  return fields.length >= FORM_LIMITS.fieldsMax ? ADD_FIELD_MESSAGES.tooMany : null;
}

export type AddQuestionResult =
  | { ok: true; fields: EditorField[]; field: EditorField }
  | { ok: false; error: string };

/**
 * Adds a question the owner typed, at the end of the form, with the label rules of the generator and the
 * editor: not blank, not a shown field's label, not a column SheetForms fills in itself, not the column
 * another field (shown or removed) writes to. A label that is
 * the header of a sheet column no field uses yet takes that column (answers would land there anyway),
 * with the type the sheet suggests.
 */
export function addQuestion(
  fields: readonly EditorField[],
  rawLabel: string,
  key: string,
  unusedColumns: readonly SheetHeader[] = [],
): AddQuestionResult {
  const label = rawLabel.trim();
  if (!label) return { ok: false, error: ADD_FIELD_MESSAGES.labelRequired };
  const full = addFieldProblem(fields);
  if (full) return { ok: false, error: full };
  const wanted = normaliseLabel(label);
  if (fields.some((field) => !field.isRemoved && normaliseLabel(field.label) === wanted)) {
    return { ok: false, error: FIELD_LABEL_MESSAGES.duplicate(label) };
  }
  if (isSystemColumn(label)) return { ok: false, error: FIELD_LABEL_MESSAGES.system(label) };
  // Answers go to the column whose header is the label: one another field writes to would mix them.
  const owner = fields.find((field) => headerOf(field) === wanted);
  if (owner) return { ok: false, error: ADD_FIELD_MESSAGES.columnTaken(label, owner) };
  const column = unusedColumns.find((header) => normaliseLabel(header.name) === wanted);
  const field = column ? fieldFromColumn(column, key, label) : newQuestionField(label, key);
  return { ok: true, field, fields: [...fields, field] };
}

/** Adds a sheet column no field uses yet as a field at the end of the form. */
export function addColumn(
  fields: readonly EditorField[],
  header: SheetHeader,
  key: string,
): AddQuestionResult {
  const full = addFieldProblem(fields);
  if (full) return { ok: false, error: full };
  const wanted = normaliseLabel(header.name);
  if (fields.some((field) => !field.isRemoved && normaliseLabel(field.label) === wanted)) {
    return { ok: false, error: FIELD_LABEL_MESSAGES.duplicate(header.name.trim()) };
  }
  const field = fieldFromColumn(header, key);
  return { ok: true, field, fields: [...fields, field] };
}
