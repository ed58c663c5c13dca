import { arrayMove } from '@dnd-kit/sortable';
import {
  type CreateFormBody,
  defaultPlaceholder,
  FIELD_LABEL_MESSAGES,
  FORM_DUE_DATE,
  type FormFieldInput,
  fieldLabelProblem,
  GENERATOR_FIELD_TYPES,
  isSystemColumn,
  normaliseLabel,
  type SheetHeader,
  type TypeReason,
  typeReasonText,
} from '@sheetforms/contract';
import {
  canBeRequired,
  changeFieldType,
  type FieldSettingsValue,
  fieldSettingsProblem,
  toFieldRulesInput,
} from '@/features/field-settings/logic/field-settings-value';

export type GeneratorFieldType = (typeof GENERATOR_FIELD_TYPES)[number];
export { GENERATOR_FIELD_TYPES };

/**
 * A sheet header as the generator edits it (spec 001 section 3, "Sheet header (generator)"), with its
 * type settings (issue 21: options, bounds, Allow Other, placeholder). `name` is the label respondents
 * see; a renamed field keeps writing to the column it came from, which `header` and `column` remember
 * (custom fields have neither: they get a new column named by their label).
 */
export interface GeneratorField extends FieldSettingsValue {
  id: string;
  name: string;
  type: GeneratorFieldType;
  required: boolean;
  sampleData: string[];
  isEditing: boolean;
  editName: string;
  /** The header text the sheet had when it was loaded ('Column {n}' for a blank header cell). */
  header?: string;
  /** The 0-based position of that column in the sheet. */
  column?: number;
  /** Why the sheet's preview suggested the type; gone once the owner picks another type. */
  typeReason?: TypeReason | undefined;
  /** The range the sheet's own dropdown reads its options from, when it has one. */
  suggestedRange?: string | undefined;
}

/** The fields of one sheet and which of them go into the form. */
export interface FieldsState {
  fields: GeneratorField[];
  selectedIds: string[];
}

export const EMPTY_FIELDS_STATE: FieldsState = { fields: [], selectedIds: [] };

function newField(id: string, name: string, sampleData: string[] = []): GeneratorField {
  // Spec 001 section 4: new headers get type text and required false.
  return {
    id,
    name,
    type: 'text',
    required: false,
    sampleData,
    isEditing: false,
    editName: name,
    placeHolder: defaultPlaceholder(name),
  };
}

/** The type the preview suggests for a column with its rules (text when it suggests nothing known). */
function suggestedSettings(header: SheetHeader): Partial<GeneratorField> {
  const type: unknown = header.suggestedType;
  if (typeof type !== 'string' || !isGeneratorFieldType(type)) return {};
  const settings: Partial<GeneratorField> = { type };
  if (header.typeReason && typeReasonText(header.typeReason, type)) settings.typeReason = header.typeReason;
  if (header.options) settings.options = [...header.options];
  if (header.optionsFrom) {
    settings.optionsFrom = { range: header.optionsFrom.range };
    settings.suggestedRange = header.optionsFrom.range;
  }
  if (header.min !== undefined) settings.min = header.min;
  if (header.max !== undefined) settings.max = header.max;
  return settings;
}

/**
 * The header row of a sheet as generator fields, in column order, each starting with the type (and
 * options, bounds) the preview suggests. The columns SheetForms fills in itself (Timestamp, Response
 * ID, Signature) are never offered: a field there would write into them.
 */
export function headersToFields(headers: readonly SheetHeader[]): GeneratorField[] {
  return headers
    .filter((header) => !isSystemColumn(header.name))
    .map((header) => ({
      ...newField(`column-${header.index}`, header.name, [...header.sampleData]),
      ...suggestedSettings(header),
      header: header.name,
      column: header.index,
    }));
}

/** What the generator says beside a field's type: why the sheet suggested it ('' once changed). */
export function typeReasonOf(field: GeneratorField): string {
  return field.typeReason ? typeReasonText(field.typeReason, field.type) : '';
}

/** The part of a field the field settings edit. */
export function settingsOf(field: GeneratorField): FieldSettingsValue {
  const { type, options, optionsFrom, min, max, allowOther, placeHolder } = field;
  return { type, options, optionsFrom, min, max, allowOther, placeHolder };
}

/** A freshly loaded sheet: every column becomes a field and all of them start selected. */
export function fieldsStateFromHeaders(headers: readonly SheetHeader[]): FieldsState {
  const fields = headersToFields(headers);
  return { fields, selectedIds: fields.map((field) => field.id) };
}

export { defaultPlaceholder };

export function isGeneratorFieldType(value: string): value is GeneratorFieldType {
  return (GENERATOR_FIELD_TYPES as readonly string[]).includes(value);
}

function sameName(a: string, b: string): boolean {
  return normaliseLabel(a) === normaliseLabel(b);
}

/** Whether another field (not `exceptId`) already carries this name; answers are keyed by label. */
export function hasFieldNamed(fields: readonly GeneratorField[], name: string, exceptId?: string): boolean {
  return fields.some((field) => field.id !== exceptId && sameName(field.name, name));
}

export const HEADER_MESSAGES = {
  nameRequired: 'Please enter a header name',
  noSheet: 'Please load a sheet first',
  added: 'Custom header added!',
  duplicate: (name: string) => `A field named "${name}" already exists`,
} as const;

export type AddHeaderResult =
  | { ok: true; state: FieldsState; field: GeneratorField }
  | { ok: false; error: string };

/** Adds a custom header at the end of the list, selected (spec 001 section 5 validation). */
export function addCustomHeader(
  state: FieldsState | undefined,
  rawName: string,
  sheetLoaded: boolean,
): AddHeaderResult {
  const name = rawName.trim();
  if (!name) return { ok: false, error: HEADER_MESSAGES.nameRequired };
  if (!sheetLoaded || !state) return { ok: false, error: HEADER_MESSAGES.noSheet };
  if (hasFieldNamed(state.fields, name)) return { ok: false, error: HEADER_MESSAGES.duplicate(name) };
  if (isSystemColumn(name)) return { ok: false, error: FIELD_LABEL_MESSAGES.system(name) };
  let n = state.fields.length + 1;
  while (state.fields.some((field) => field.id === `custom-${n}`)) n += 1;
  const field = newField(`custom-${n}`, name);
  return {
    ok: true,
    field,
    state: { fields: [...state.fields, field], selectedIds: [...state.selectedIds, field.id] },
  };
}

/** Moves the field `activeId` to where `overId` is (drag and drop, mouse, touch or keyboard). */
export function reorderFields(
  fields: readonly GeneratorField[],
  activeId: string,
  overId: string,
): GeneratorField[] {
  const from = fields.findIndex((field) => field.id === activeId);
  const to = fields.findIndex((field) => field.id === overId);
  if (from < 0 || to < 0 || from === to) return [...fields];
  return arrayMove([...fields], from, to);
}

export function selectAll(state: FieldsState): FieldsState {
  return { ...state, selectedIds: state.fields.map((field) => field.id) };
}

export function deselectAll(state: FieldsState): FieldsState {
  return { ...state, selectedIds: [] };
}

export function toggleSelected(state: FieldsState, id: string): FieldsState {
  const selected = state.selectedIds.includes(id);
  return {
    ...state,
    selectedIds: selected ? state.selectedIds.filter((other) => other !== id) : [...state.selectedIds, id],
  };
}

export function areAllSelected(state: FieldsState): boolean {
  return state.fields.length > 0 && state.fields.every((field) => state.selectedIds.includes(field.id));
}

function updateField(
  fields: readonly GeneratorField[],
  id: string,
  change: (field: GeneratorField) => GeneratorField,
): GeneratorField[] {
  return fields.map((field) => (field.id === id ? change(field) : field));
}

export function startRename(fields: readonly GeneratorField[], id: string): GeneratorField[] {
  return updateField(fields, id, (field) => ({ ...field, isEditing: true, editName: field.name }));
}

export function changeEditName(
  fields: readonly GeneratorField[],
  id: string,
  editName: string,
): GeneratorField[] {
  return updateField(fields, id, (field) => ({ ...field, editName }));
}

/**
 * Why an inline rename of `id` to its current edit is refused: a name another field already has, or
 * the name of a column SheetForms fills in itself. Null when it is accepted (or empty, which keeps the
 * old name quietly, spec 001 section 4).
 */
export function renameProblem(fields: readonly GeneratorField[], id: string): string | null {
  const field = fields.find((candidate) => candidate.id === id);
  const next = field?.editName.trim() ?? '';
  if (!field || !next || next === field.name) return null;
  if (hasFieldNamed(fields, next, id)) return HEADER_MESSAGES.duplicate(next);
  if (isSystemColumn(next)) return FIELD_LABEL_MESSAGES.system(next);
  return null;
}

/**
 * Ends an inline rename (Enter, Escape or blur all commit; spec 001 section 4). An empty edit keeps
 * the old name, and so does a refused one (see renameProblem). Only the label changes: the field keeps
 * its `header` and `column`, so answers still reach the column it came from.
 */
export function commitRename(fields: readonly GeneratorField[], id: string): GeneratorField[] {
  const refused = renameProblem(fields, id) !== null;
  return updateField(fields, id, (field) => {
    const next = field.editName.trim();
    const name = next && !refused ? next : field.name;
    // A placeholder the owner left at its default follows the new name.
    const placeHolder =
      field.placeHolder === defaultPlaceholder(field.name) ? defaultPlaceholder(name) : field.placeHolder;
    return { ...field, name, editName: name, isEditing: false, placeHolder };
  });
}

/** A new type chosen by the owner: the sheet's reason for the old one no longer applies. */
export function setFieldType(
  fields: readonly GeneratorField[],
  id: string,
  type: GeneratorFieldType,
): GeneratorField[] {
  return updateField(fields, id, (field) =>
    field.type === type
      ? field
      : { ...field, ...changeFieldType(settingsOf(field), type), typeReason: undefined },
  );
}

/** The field settings' new value for one field (its type, options, bounds, Allow Other, placeholder). */
export function setFieldSettings(
  fields: readonly GeneratorField[],
  id: string,
  settings: FieldSettingsValue,
): GeneratorField[] {
  return updateField(fields, id, (field) => ({
    ...field,
    ...settings,
    typeReason: settings.type === field.type ? field.typeReason : undefined,
  }));
}

export function setFieldRequired(
  fields: readonly GeneratorField[],
  id: string,
  required: boolean,
): GeneratorField[] {
  return updateField(fields, id, (field) => ({ ...field, required }));
}

/** The selected fields in their current (dragged) order. */
export function selectedFields(state: FieldsState): GeneratorField[] {
  const selected = new Set(state.selectedIds);
  return state.fields.filter((field) => selected.has(field.id));
}

export const CREATE_MESSAGES = {
  noSheet: 'Please select a sheet first',
  noFields: 'Please select fields for the form',
  noName: 'Form name is required',
  created: 'Form created successfully!',
  failed: 'Error creating form',
} as const;

export interface FormConfig {
  name: string;
  description: string;
  loginRequired: boolean;
}

/**
 * The problem with the labels of the selected fields (two fields with one label, or a system column's
 * name), or null. A sheet with duplicate headers offers each of them; one must be renamed before Create.
 */
export function labelProblem(state: FieldsState | undefined): string | null {
  if (!state) return null;
  return fieldLabelProblem(selectedFields(state).map((field) => ({ label: field.name })));
}

/** The selected fields whose label another selected field shares (to mark them in the list). */
export function clashingFieldIds(state: FieldsState | undefined): Set<string> {
  const clashing = new Set<string>();
  if (!state) return clashing;
  const selected = selectedFields(state);
  for (const field of selected) {
    if (hasFieldNamed(selected, field.name, field.id)) clashing.add(field.id);
  }
  return clashing;
}

/** The first selected field whose type settings cannot be saved, in the server's words, or null. */
export function settingsProblem(state: FieldsState | undefined): string | null {
  if (!state) return null;
  for (const field of selectedFields(state)) {
    const problem = fieldSettingsProblem(settingsOf(field), field.name);
    if (problem) return problem;
  }
  return null;
}

/** The first problem that stops Create Form, or null when the form can be created. */
export function validateCreate(sheetName: string, state: FieldsState | undefined, config: FormConfig) {
  if (!sheetName) return CREATE_MESSAGES.noSheet;
  if (!state || selectedFields(state).length === 0) return CREATE_MESSAGES.noFields;
  const labels = labelProblem(state);
  if (labels) return labels;
  const settings = settingsProblem(state);
  if (settings) return settings;
  if (!config.name.trim()) return CREATE_MESSAGES.noName;
  return null;
}

/**
 * One jdata item: the label respondents see, bound to the sheet column the field came from, with the
 * settings its type uses (options or optionsFrom, bounds, allowOther) and its placeholder.
 */
function toFormField(field: GeneratorField): FormFieldInput {
  const formField: FormFieldInput = {
    label: field.name,
    // A hidden field takes its value from the link: no respondent could answer it.
    required: field.required && canBeRequired(field.type),
    ...toFieldRulesInput(settingsOf(field)),
  };
  if (field.header !== undefined) formField.name = field.header;
  if (field.column !== undefined) formField.column = field.column;
  return formField;
}

/** The POST /forms payload (spec 001 section 7). */
export function buildCreateFormBody(input: {
  googleSheetsUrl: string;
  sheetName: string;
  config: FormConfig;
  state: FieldsState;
}): CreateFormBody {
  return {
    googleSheetsUrl: input.googleSheetsUrl.trim(),
    sheetName: input.sheetName,
    name: input.config.name.trim(),
    description: input.config.description,
    settings: { loginRequired: input.config.loginRequired ? 1 : 0 },
    jdata: selectedFields(input.state).map(toFormField),
    dueDate: FORM_DUE_DATE,
  };
}

/** The form name the generator suggests for a sheet: '{spreadsheet title} - {sheet name}'. */
export function defaultFormName(spreadsheetTitle: string, sheetName: string): string {
  return [spreadsheetTitle.trim(), sheetName.trim()].filter(Boolean).join(' - ');
}
