/**
 * The parts of the field model that need no zod: the field types, which of them take options, the
 * 'Other' choice, the checkbox's stored words and the date check. The answer rules stand on these alone,
 * so a light page (the public form) can check answers as the server does without shipping the schemas
 * (`@sheetforms/contract/answers`); field-types.ts builds the schemas on them.
 */
/** Every type a field may have. The first five are the free-text types forms have had from the start. */
export const FORM_FIELD_TYPES = [
  'text',
  'email',
  'number',
  'date',
  'textarea',
  'dropdown',
  'radio',
  'checkboxes',
  'checkbox',
  'time',
  'url',
  'tel',
  'hidden',
] as const;
export type FieldType = (typeof FORM_FIELD_TYPES)[number];

/** The types whose answers come from a list of options. */
export const CHOICE_FIELD_TYPES = ['dropdown', 'radio', 'checkboxes'] as const;
export type ChoiceFieldType = (typeof CHOICE_FIELD_TYPES)[number];
export function isChoiceType(type: FieldType): type is ChoiceFieldType {
  return (CHOICE_FIELD_TYPES as readonly string[]).includes(type);
}

/** The label of the 'Other' choice, and the value a plain HTML form posts for it. */
export const OTHER_OPTION_LABEL = 'Other';
export const OTHER_OPTION_VALUE = '__other__';

/** How a checkbox (yes/no) answer is stored and shown; the sheet gets TRUE / FALSE. */
export const CHECKBOX_ANSWERS = { checked: 'Yes', unchecked: 'No' } as const;

/** A date bound or answer: a real calendar day written YYYY-MM-DD (what `<input type="date">` sends). */
export function isIsoDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Spec 001's simple {text}@{text}.{text} with no spaces and one '@', checked by hand: the usual pattern
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracks quadratically (a 40,000-character 'b.b.b.…@' held the event
 * loop 4 s; a 5,000-character answer about 40 ms). Linear in the text.
 */
export function isEmailShape(value: string): boolean {
  if (/\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  // A dot with at least one character on each side, after the '@'.
  return value.slice(at + 2, -1).includes('.');
}
