import {
  BOUNDED_FIELD_TYPES,
  type Bound,
  type FieldType,
  fieldRulesProblem,
  isChoiceType,
  type OptionsFrom,
  OptionsFromSchema,
  OTHER_CAPABLE_TYPES,
  optionsProblem,
} from '@sheetforms/contract';

/**
 * What the field settings edit: a field's type and the rules that go with it (issue 21). The generator
 * and the editor both hold their fields' settings in this shape and check them with fieldSettingsProblem,
 * so both pages refuse the same things with the messages the server sends.
 *
 * `options` holds the option lines as typed (one per line, blanks and spaces kept while editing);
 * cleanOptions gives the list that is sent. `min`/`max` are numbers for number fields and YYYY-MM-DD
 * days for date fields.
 */
export interface FieldSettingsValue {
  type: FieldType;
  options?: string[] | undefined;
  optionsFrom?: OptionsFrom | undefined;
  min?: Bound | undefined;
  max?: Bound | undefined;
  allowOther?: boolean | undefined;
  placeHolder: string;
}

/** The types whose inputs show a placeholder (date, time and the choice types have none to show). */
export const PLACEHOLDER_FIELD_TYPES: readonly FieldType[] = [
  'text',
  'email',
  'number',
  'textarea',
  'url',
  'tel',
];

export function hasPlaceholder(type: FieldType): boolean {
  return PLACEHOLDER_FIELD_TYPES.includes(type);
}

/**
 * Whether a field of this type may be required: a hidden field never shows, so no respondent could give
 * it an answer (the server refuses a required hidden field).
 */
export function canBeRequired(type: FieldType): boolean {
  return type !== 'hidden';
}

/** Said beside a hidden field's disabled Required switch, and under its type. */
export const HIDDEN_FIELD_HINT = "Hidden fields take their value from the form's link";

export function canOfferOther(type: FieldType): boolean {
  return (OTHER_CAPABLE_TYPES as readonly string[]).includes(type);
}

export function hasBounds(type: FieldType): type is 'number' | 'date' {
  return (BOUNDED_FIELD_TYPES as readonly string[]).includes(type);
}

/** The options as sent: trimmed, blank lines dropped (the order and any duplicates kept, to be reported). */
export function cleanOptions(options: readonly string[] | undefined): string[] {
  return (options ?? []).map((option) => option.trim()).filter((option) => option !== '');
}

/** The options textarea's text, and back: one option per line. */
export function optionsToText(options: readonly string[] | undefined): string {
  return (options ?? []).join('\n');
}
export function optionsFromText(text: string): string[] {
  return text.split(/\r?\n/);
}

/** Which control a problem belongs to, so it is shown under that control. */
export type FieldSettingsPart = 'options' | 'range' | 'bounds';

export interface FieldSettingsProblem {
  part: FieldSettingsPart;
  message: string;
}

/** The first problem of a range, in the words the server uses. */
function rangeProblem(optionsFrom: OptionsFrom): string | undefined {
  const parsed = OptionsFromSchema.safeParse(optionsFrom);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * What is wrong with a field's settings, and which control it concerns; undefined when they can be
 * saved. The messages are the contract's: the options' own (a duplicate, too long, too many), the
 * range's, then the field rules' ('{label}: add at least one option', bounds of the wrong kind, min
 * above max). Settings the type does not use (put aside by changeFieldType) are not checked.
 */
export function findFieldSettingsProblem(
  value: FieldSettingsValue,
  label: string,
): FieldSettingsProblem | undefined {
  const rules = toFieldRulesInput(value);
  const { type } = rules;
  if (isChoiceType(type)) {
    const part = rules.optionsFrom ? 'range' : 'options';
    const message =
      (rules.optionsFrom ? rangeProblem(rules.optionsFrom) : undefined) ??
      fieldRulesProblem({ label, type, options: rules.options, optionsFrom: rules.optionsFrom }) ??
      (rules.options ? optionsProblem(rules.options) : undefined);
    if (message) return { part, message };
  }
  // The options are fine by now, and 'Other' is only sent where it is offered: what is left is the bounds.
  const bounds = fieldRulesProblem({ ...rules, label });
  return bounds ? { part: 'bounds', message: bounds } : undefined;
}

/** The message of findFieldSettingsProblem, for pages that show one line per field. */
export function fieldSettingsProblem(value: FieldSettingsValue, label: string): string | undefined {
  return findFieldSettingsProblem(value, label)?.message;
}

/**
 * The settings as a field of POST /forms or PUT /forms/{id} carries them: only the keys its type uses
 * (options or optionsFrom for choice types, bounds for number and date, allowOther for radio and
 * checkboxes), so a type changed back and forth never sends leftovers the server would refuse.
 */
export function toFieldRulesInput(value: FieldSettingsValue): {
  type: FieldType;
  placeHolder: string;
  options?: string[];
  optionsFrom?: OptionsFrom;
  min?: Bound;
  max?: Bound;
  allowOther?: boolean;
} {
  const out: ReturnType<typeof toFieldRulesInput> = { type: value.type, placeHolder: value.placeHolder };
  if (isChoiceType(value.type)) {
    if (value.optionsFrom) out.optionsFrom = { range: value.optionsFrom.range.trim() };
    else out.options = cleanOptions(value.options);
  }
  if (hasBounds(value.type)) {
    if (value.min !== undefined) out.min = value.min;
    if (value.max !== undefined) out.max = value.max;
  }
  if (canOfferOther(value.type) && value.allowOther) out.allowOther = true;
  return out;
}

/**
 * The settings after a change of type. What the new type cannot use is put aside rather than lost, so
 * an owner who tries dropdown, then text, then multiple choice finds their options again (and 'Allow
 * Other'); bounds are dropped, since a number bound is no date bound.
 */
export function changeFieldType(value: FieldSettingsValue, type: FieldType): FieldSettingsValue {
  if (type === value.type) return value;
  return { ...value, type, min: undefined, max: undefined };
}
