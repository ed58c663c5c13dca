import { z } from 'zod';
import { type FieldType, FORM_FIELD_TYPES, isChoiceType, isIsoDate } from './field-kinds.js';
import { VISIBILITY_LIMITS, VISIBILITY_OPS } from './field-visibility.js';

/**
 * What a form field is: its type and the rules of its answers (issue 21). One definition, used by the
 * generator, the editor, the public form, the server's validation and the sheet writer.
 */

/** A field's type, checked: one of FORM_FIELD_TYPES (field-kinds.ts). */
export const FieldTypeSchema = z.enum(FORM_FIELD_TYPES, { error: 'Unknown field type' });

/** The types that may offer an 'Other' answer typed by the respondent. */
export const OTHER_CAPABLE_TYPES = ['radio', 'checkboxes'] as const;
/** The types with bounds: numbers for number, YYYY-MM-DD for date. */
export const BOUNDED_FIELD_TYPES = ['number', 'date'] as const;

/** How each type reads in the generator's and the editor's type menus. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  email: 'Email',
  number: 'Number',
  date: 'Date',
  textarea: 'Long text',
  dropdown: 'Dropdown',
  radio: 'Multiple choice',
  checkboxes: 'Checkboxes',
  checkbox: 'Checkbox (yes/no)',
  time: 'Time',
  url: 'URL',
  tel: 'Phone',
  hidden: 'Hidden (from the link)',
};

export const OPTION_LIMITS = {
  /** A choice field offers 1 to 500 options. */
  min: 1,
  max: 500,
  /** Each at most 200 characters. */
  lengthMax: 200,
  /** An A1 range of options (optionsFrom.range). */
  rangeMax: 200,
  /** A range is read again at most this often (the server's cache; a respondent sees a list this old). */
  cacheSeconds: 60,
} as const;

/** Options as the owner gives them: trimmed, blank ones dropped, 1 to 500, unique, each ≤ 200 chars. */
export const OptionsSchema = z
  .array(z.string().max(OPTION_LIMITS.lengthMax * 4))
  .max(OPTION_LIMITS.max * 2)
  .transform((options) => options.map((option) => option.trim()).filter((option) => option !== ''))
  .superRefine((options, ctx) => {
    const problem = optionsProblem(options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** What is wrong with a list of (trimmed, non-blank) options, if anything. */
export function optionsProblem(options: readonly string[]): string | undefined {
  if (options.length < OPTION_LIMITS.min) return 'Add at least one option';
  if (options.length > OPTION_LIMITS.max) return `A field can have at most ${OPTION_LIMITS.max} options`;
  const long = options.find((option) => option.length > OPTION_LIMITS.lengthMax);
  if (long !== undefined) return `Options must be at most ${OPTION_LIMITS.lengthMax} characters`;
  const seen = new Set<string>();
  for (const option of options) {
    if (seen.has(option)) return `The option '${option}' is listed twice`;
    seen.add(option);
  }
  return undefined;
}

/**
 * An A1 range of the same spreadsheet, with or without a sheet name: 'Lists!A2:A', "'Plan list'!B2:B20",
 * 'A2:A'. Only the shape is checked here; the server reads it.
 */
const A1_RANGE = /^(?:(?:'(?:[^']|'')+'|[^!'\s][^!]*)!)?[A-Za-z]{1,3}\d{0,7}(?::[A-Za-z]{1,3}\d{0,7})?$/;
export const OptionsFromSchema = z.strictObject({
  range: z
    .string()
    .trim()
    .min(1, 'Enter the range that holds the options')
    .max(OPTION_LIMITS.rangeMax)
    .regex(A1_RANGE, 'Enter a range such as Lists!A2:A'),
});
export type OptionsFrom = z.infer<typeof OptionsFromSchema>;

/**
 * When a field shows (issue 23): all or any of its rules on fields before it hold. Checked against the
 * other fields by `visibilityProblem` (field-visibility.ts), on the whole list.
 */
export const VisibilityRuleSchema = z.strictObject({
  fieldId: z.string().max(40),
  op: z.enum(VISIBILITY_OPS, { error: 'Unknown condition' }),
  value: z.string().max(VISIBILITY_LIMITS.valueMax).optional(),
});
export const VisibleWhenSchema = z.strictObject({
  match: z.enum(['all', 'any']).default('all'),
  rules: z
    .array(VisibilityRuleSchema)
    .max(VISIBILITY_LIMITS.rulesMax, `At most ${VISIBILITY_LIMITS.rulesMax} conditions`),
});

/** A bound: a number (number fields) or a YYYY-MM-DD day (date fields); checked against the type. */
export const BoundSchema = z.union([z.number().finite(), z.string().trim().max(40)]);
export type Bound = z.infer<typeof BoundSchema>;

/** The parts of a field its type rules look at. */
export interface FieldRules {
  label: string;
  type: FieldType;
  options?: readonly string[] | undefined;
  optionsFrom?: OptionsFrom | undefined;
  min?: Bound | undefined;
  max?: Bound | undefined;
  allowOther?: boolean | undefined;
}

/**
 * What is wrong with a field's type settings, if anything: a choice field needs options or optionsFrom;
 * bounds only on number and date, of the right kind, min ≤ max; 'Other' only on radio and checkboxes.
 */
export function fieldRulesProblem(field: FieldRules): string | undefined {
  const { label, type } = field;
  if (isChoiceType(type)) {
    if (!field.optionsFrom && (!field.options || field.options.length === 0)) {
      return `${label}: add at least one option`;
    }
  } else if (field.optionsFrom || (field.options && field.options.length > 0)) {
    return `${label}: only dropdown, multiple choice and checkboxes fields have options`;
  }
  if (field.allowOther && !(OTHER_CAPABLE_TYPES as readonly string[]).includes(type)) {
    return `${label}: only multiple choice and checkboxes fields can offer 'Other'`;
  }
  const bounds = [field.min, field.max].filter((bound) => bound !== undefined);
  if (bounds.length > 0) {
    if (type === 'number') {
      if (bounds.some((bound) => typeof bound !== 'number')) return `${label}: bounds must be numbers`;
    } else if (type === 'date') {
      if (bounds.some((bound) => typeof bound !== 'string' || !isIsoDate(bound))) {
        return `${label}: bounds must be dates written YYYY-MM-DD`;
      }
    } else {
      return `${label}: only number and date fields have a minimum or maximum`;
    }
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      return `${label}: the minimum must not be above the maximum`;
    }
  }
  return undefined;
}
