import {
  CHECKBOX_ANSWERS,
  type FieldType,
  type FormField,
  isChoiceType,
  PREFILL_LIMITS,
  type PrefillLinkBody,
} from '@sheetforms/contract';

/**
 * The 'Get prefilled link' dialog's state and the body it sends (issue 23). It prefills the form as saved:
 * the fields are the saved ones, hidden-type fields included (a link is the only way they get a value).
 */

export const PREFILL_TEXT = {
  open: 'Get prefilled link',
  title: 'Get a prefilled link',
  description:
    'Fill in the answers you want to send. Respondents can change them, unless you lock them: locked answers are shown read-only and checked when the form is sent.',
  unsaved:
    'You have unsaved changes. The link fills in the form as it was last saved: update the form first, then get the link.',
  noFields: 'This form has no fields to fill in.',
  lock: 'Lock',
  expiry: 'Link expires after',
  days: 'days',
  expiryHint: 'Leave blank for a link that does not expire.',
  expiryInvalid: `Enter a whole number of days from 1 to ${PREFILL_LIMITS.expiryDaysMax}`,
  emptyHint: 'Fill in at least one field to make a link.',
  getLink: 'Get link',
  gettingLink: 'Making the link…',
  linkLabel: 'Prefilled link',
  copy: 'Copy link',
  copied: 'Link copied to clipboard!',
  copyFailed: 'Could not copy automatically. Select the link and copy it yourself.',
  failed: 'Could not make the link',
  expires: (date: string) => `This link can be used until ${date}.`,
  neverExpires: 'The link does not expire.',
  choose: 'Not filled',
  hiddenNote: 'Hidden',
} as const;

/** What the owner typed or chose for one field: text, or the options ticked of a checkboxes field. */
export type PrefillInput = string | string[];

export interface PrefillDraft {
  values: Record<string, PrefillInput>;
  locked: ReadonlySet<string>;
  /** The expiry in days as typed; blank: none. */
  expiryDays: string;
}

export const EMPTY_PREFILL_DRAFT: PrefillDraft = { values: {}, locked: new Set(), expiryDays: '' };

/** A saved field the dialog offers: shown fields with an id, hidden-type ones included. */
export type PrefillFormField = FormField & { id: string };

export function prefillFields(jdata: readonly FormField[]): PrefillFormField[] {
  return jdata.filter((field): field is PrefillFormField => field.id !== undefined && !field.isRemoved);
}

/** The control a field's value takes in the dialog. */
export type PrefillControl =
  | { kind: 'select'; options: string[] }
  | { kind: 'checkboxes'; options: string[] }
  | { kind: 'textarea' }
  | { kind: 'input'; type: 'text' | 'email' | 'number' | 'date' | 'time' | 'url' | 'tel' };

const INPUT_TYPES: Partial<Record<FieldType, 'email' | 'number' | 'date' | 'time' | 'url' | 'tel'>> = {
  email: 'email',
  number: 'number',
  date: 'date',
  time: 'time',
  url: 'url',
  tel: 'tel',
};

export function prefillControl(field: PrefillFormField): PrefillControl {
  if (field.type === 'checkbox')
    return { kind: 'select', options: [CHECKBOX_ANSWERS.checked, CHECKBOX_ANSWERS.unchecked] };
  // Options read from a sheet range are not known here: their value is typed (the server matches it).
  if (isChoiceType(field.type) && field.options && field.options.length > 0) {
    return { kind: field.type === 'checkboxes' ? 'checkboxes' : 'select', options: [...field.options] };
  }
  if (field.type === 'textarea') return { kind: 'textarea' };
  return { kind: 'input', type: INPUT_TYPES[field.type] ?? 'text' };
}

/** The value as sent: trimmed text, or the ticked options; undefined when nothing is filled. */
export function filledValue(input: PrefillInput | undefined): PrefillInput | undefined {
  if (input === undefined) return undefined;
  if (Array.isArray(input)) return input.length > 0 ? [...input] : undefined;
  const text = input.trim();
  return text === '' ? undefined : text;
}

/** The expiry typed, as days; undefined when blank; 'invalid' when it is not a whole number in range. */
export function expiryDaysOf(text: string): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  const days = Number(text);
  return Number.isInteger(days) && days >= 1 && days <= PREFILL_LIMITS.expiryDaysMax ? days : 'invalid';
}

/**
 * The body of POST /forms/{formId}/prefill-links, or undefined while nothing is filled or the expiry is
 * wrong. Only filled fields are locked. An expiry bounds the link's signed token, which the server adds
 * for it even when nothing is locked.
 */
export function buildPrefillBody(
  fields: readonly PrefillFormField[],
  draft: PrefillDraft,
): PrefillLinkBody | undefined {
  const values: Record<string, PrefillInput> = {};
  for (const field of fields) {
    const value = filledValue(draft.values[field.id]);
    if (value !== undefined) values[field.id] = value;
  }
  if (Object.keys(values).length === 0) return undefined;
  const locked = fields.map((field) => field.id).filter((id) => draft.locked.has(id) && id in values);
  const body: PrefillLinkBody = { values, locked };
  const days = expiryDaysOf(draft.expiryDays);
  if (days === 'invalid') return undefined;
  if (days !== undefined) body.expiresInDays = days;
  return body;
}
