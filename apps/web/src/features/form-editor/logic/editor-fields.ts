import { arrayMove } from '@dnd-kit/sortable';
import type { FormFieldInput } from '@sheetforms/contract';
import {
  duplicateFieldLabels,
  FIELD_LABEL_MESSAGES,
  FieldTypeSchema,
  isSystemColumn,
  normaliseLabel,
  visibilityProblem,
} from '@sheetforms/contract';
import {
  canBeRequired,
  type FieldSettingsValue,
  fieldSettingsProblem,
  toFieldRulesInput,
} from '@/features/field-settings/logic/field-settings-value';
import type { EditorField } from './editor-field';
import { removedTargetProblem, savedVisibleWhen } from './field-conditions';

/** The stored jdata item's type and rules as the shared field settings hold them. */
export function toSettingsValue(field: FormFieldInput): FieldSettingsValue {
  const type = FieldTypeSchema.safeParse(field.type);
  return {
    type: type.success ? type.data : 'text',
    options: field.options ? [...field.options] : undefined,
    optionsFrom: field.optionsFrom ? { ...field.optionsFrom } : undefined,
    min: field.min,
    max: field.max,
    allowOther: field.allowOther,
    placeHolder: field.placeHolder ?? '',
  };
}

/** The fields as the editor holds them, in form order; defaults fill anything the stored jdata left out. */
export function toEditorFields(jdata: readonly FormFieldInput[]): EditorField[] {
  return jdata.map((field, index) => {
    const settings = toSettingsValue(field);
    const editorField: EditorField = {
      key: `saved-${index}`,
      label: field.label,
      required: field.required ?? false,
      isRemoved: field.isRemoved ?? false,
      settings,
      saved: { label: field.label, settings },
    };
    if (field.id !== undefined) editorField.id = field.id;
    if (field.name !== undefined) editorField.name = field.name;
    if (field.column !== undefined) editorField.column = field.column;
    if (field.visibleWhen && field.visibleWhen.rules.length > 0) {
      const { match = 'all', rules } = field.visibleWhen;
      editorField.visibleWhen = { match, rules: rules.map((rule) => ({ ...rule })) };
    }
    return editorField;
  });
}

export type FieldChange = Partial<Pick<EditorField, 'label' | 'required' | 'settings' | 'visibleWhen'>>;

/** Applies an edit to the field with this key. */
export function updateField(fields: readonly EditorField[], key: string, change: FieldChange): EditorField[] {
  return fields.map((field) => (field.key === key ? { ...field, ...change } : field));
}

/**
 * Removing a saved field marks it isRemoved; it stays in the form (hidden) so its answers keep their
 * column. A hidden field cannot be fixed, so a blank label or settings that could not be saved go back to
 * what was stored. A field added in this edit has no answers yet: it simply goes (a sheet column is then
 * offered again).
 */
export function markRemoved(fields: readonly EditorField[], key: string): EditorField[] {
  const target = fields.find((field) => field.key === key);
  if (!target) return [...fields];
  if (!target.saved) return fields.filter((field) => field.key !== key);
  const { saved } = target;
  const label = target.label.trim() === '' ? saved.label : target.label;
  const settings = fieldSettingsProblem(target.settings, label) ? saved.settings : target.settings;
  return fields.map((field) => (field.key === key ? { ...field, label, settings, isRemoved: true } : field));
}

/** Brings a removed field back, where it was in the form. */
export function restoreField(fields: readonly EditorField[], key: string): EditorField[] {
  return fields.map((field) => (field.key === key ? { ...field, isRemoved: false } : field));
}

/** The fields the editor shows: removed ones are hidden. */
export function visibleFields(fields: readonly EditorField[]): EditorField[] {
  return fields.filter((field) => !field.isRemoved);
}

/**
 * Moves the field `activeKey` to where `overKey` is (drag and drop, by mouse, touch or keyboard). Removed
 * fields keep their place among the others; only the order of the form changes, never the sheet's.
 */
export function reorderFields(
  fields: readonly EditorField[],
  activeKey: string,
  overKey: string,
): EditorField[] {
  const from = fields.findIndex((field) => field.key === activeKey);
  const to = fields.findIndex((field) => field.key === overKey);
  if (from < 0 || to < 0 || from === to) return [...fields];
  return arrayMove([...fields], from, to);
}

/** Moves a shown field one place up (-1) or down (1) among the shown fields; at an end nothing moves. */
export function moveField(fields: readonly EditorField[], key: string, step: -1 | 1): EditorField[] {
  const shown = visibleFields(fields);
  const at = shown.findIndex((field) => field.key === key);
  const neighbour = shown[at + step];
  if (at < 0 || !neighbour) return [...fields];
  return reorderFields(fields, key, neighbour.key);
}

/**
 * One jdata item as PUT /forms/{formId} takes it: the id kept, only the rules its type uses. A hidden
 * field is never required (no respondent could answer it).
 */
function toSavedField(field: EditorField, index: number, fields: readonly EditorField[]): FormFieldInput {
  const saved: FormFieldInput = {
    label: field.label,
    required: field.required && canBeRequired(field.settings.type),
    isRemoved: field.isRemoved,
    ...toFieldRulesInput(field.settings),
  };
  if (field.id !== undefined) saved.id = field.id;
  if (field.name !== undefined) saved.name = field.name;
  if (field.column !== undefined) saved.column = field.column;
  const visibleWhen = savedVisibleWhen(field, fields.slice(0, index));
  if (visibleWhen) saved.visibleWhen = { match: visibleWhen.match, rules: [...visibleWhen.rules] };
  return saved;
}

/** On save: every field (removed ones included) in form order; a field without an id gets one from the server. */
export function toSavedFields(fields: readonly EditorField[]): FormFieldInput[] {
  return fields.map(toSavedField);
}

/** The keys of shown fields whose label is blank: a field needs a label (answers are keyed by it). */
export function blankLabelKeys(fields: readonly EditorField[]): string[] {
  return visibleFields(fields)
    .filter((field) => field.label.trim() === '')
    .map((field) => field.key);
}

/**
 * The shown fields whose label breaks the label rules (another shown field has it, or it names a column
 * SheetForms fills in itself), by key, with the message for each.
 */
export function labelProblems(fields: readonly EditorField[]): Map<string, string> {
  const shown = visibleFields(fields);
  const problems = new Map<string, string>();
  const duplicates = new Set(duplicateFieldLabels(shown).map(normaliseLabel));
  for (const field of shown) {
    const key = normaliseLabel(field.label);
    if (duplicates.has(key)) {
      const first = shown.find((other) => normaliseLabel(other.label) === key)?.label.trim() ?? field.label;
      problems.set(field.key, FIELD_LABEL_MESSAGES.duplicate(first));
    } else if (isSystemColumn(field.label)) {
      problems.set(field.key, FIELD_LABEL_MESSAGES.system(field.label.trim()));
    }
  }
  return problems;
}

/** The shown fields whose type settings cannot be saved (no options, a bad range, bounds), by key. */
export function settingsProblems(fields: readonly EditorField[]): Map<string, string> {
  const problems = new Map<string, string>();
  for (const field of visibleFields(fields)) {
    const label = field.label.trim() || field.saved?.label || '';
    const problem = fieldSettingsProblem(field.settings, label);
    if (problem) problems.set(field.key, problem);
  }
  return problems;
}

/**
 * Why Update Form must wait because of the fields' conditions, or undefined: a shown field's condition on a
 * removed field, then whatever the server would refuse in the fields as they will be saved (a question
 * below, an operator that does not fit, a missing value), in the server's words.
 */
export function conditionSaveProblem(fields: readonly EditorField[]): string | undefined {
  return (
    removedTargetProblem(fields) ??
    visibilityProblem(
      toSavedFields(fields).map((field) => ({
        id: field.id,
        label: field.label,
        type: field.type ?? 'text',
        isRemoved: field.isRemoved,
        visibleWhen: field.visibleWhen && {
          match: field.visibleWhen.match ?? 'all',
          rules: field.visibleWhen.rules,
        },
      })),
    )
  );
}
