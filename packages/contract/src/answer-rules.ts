// Values from field-kinds only (no zod): the public form runs these rules in the browser.
import {
  CHECKBOX_ANSWERS,
  type FieldType,
  isChoiceType,
  isEmailShape,
  isIsoDate,
  OTHER_OPTION_VALUE,
} from './field-kinds.js';
import type { FieldRules } from './field-types.js';

/**
 * The one check of a respondent's answer against its field (issue 21): the server refuses with these
 * messages (400, path `response.{label}`), and the public form shows the same ones before sending.
 */

/** Most characters one answer may have (the submission body's limit too). */
export const ANSWER_MAX_LENGTH = 5000;

export const ANSWER_MESSAGES = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string) => `${label} must be at most ${ANSWER_MAX_LENGTH} characters`,
  email: (label: string) => `${label} must be a valid email`,
  number: (label: string) => `${label} must be a number`,
  date: (label: string) => `${label} must be a valid date`,
  time: (label: string) => `${label} must be a valid time`,
  url: (label: string) => `${label} must be a valid URL`,
  tel: (label: string) => `${label} must be a valid phone number`,
  checkbox: (label: string) => `${label} must be checked or left unchecked`,
  option: (label: string) => `${label} must be one of the listed options`,
  oneOption: (label: string) => `${label} takes one answer`,
  atLeast: (label: string, min: number | string) => `${label} must be at least ${min}`,
  atMost: (label: string, max: number | string) => `${label} must be at most ${max}`,
  onOrAfter: (label: string, min: string) => `${label} must be on or after ${min}`,
  onOrBefore: (label: string, max: string) => `${label} must be on or before ${max}`,
} as const;

/**
 * Answers, errors and prefilled values are kept by field label (or id), and a label is the form owner's
 * to choose. A plain object would answer 'constructor' or 'toString' with what every object inherits, and
 * `record['__proto__'] = value` would replace its prototype instead of storing the answer. So such
 * records are made without a prototype (`keyedRecord`) and read by their own keys only (`ownValue`): then
 * every label, '__proto__' included, is a key like any other.
 */
export function keyedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The value a record holds under a key of its own: never one it inherits (see keyedRecord). */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** What a respondent sent for one field: text, several choices (checkboxes), or nothing. */
export type AnswerInput = string | readonly string[] | undefined;

export type AnswerCheck =
  /** `value` is what is stored (undefined: nothing to store); `given` says the respondent answered. */
  { ok: true; value: string | undefined; given: boolean } | { ok: false; message: string };

/** A field as its answers are checked: its rules, whether it is required, its options as resolved now. */
export interface AnswerField extends FieldRules {
  required: boolean;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** 24-hour HH:MM or HH:MM:SS (what `<input type="time">` sends). */
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;
/** Digits with the usual separators, an optional leading +; 5 to 20 digits in all. */
const TEL = /^\+?[\d\s().-]{5,30}$/;
const CHECKED = new Set(['yes', 'true', 'on', '1', 'checked']);
const UNCHECKED = new Set(['no', 'false', 'off', '0', '']);

/** The separator of several choices in one stored answer and one sheet cell, as Google Forms writes it. */
export const CHOICES_SEPARATOR = ', ';

function isUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname.includes('.') || url.hostname === 'localhost';
  } catch {
    return false;
  }
}

function textProblem(type: FieldType, label: string, value: string): string | undefined {
  switch (type) {
    case 'email':
      return isEmailShape(value) ? undefined : ANSWER_MESSAGES.email(label);
    case 'number':
      return NUMBER.test(value) && Number.isFinite(Number(value)) ? undefined : ANSWER_MESSAGES.number(label);
    case 'date':
      return isIsoDate(value) ? undefined : ANSWER_MESSAGES.date(label);
    case 'time':
      return TIME.test(value) ? undefined : ANSWER_MESSAGES.time(label);
    case 'url':
      return isUrl(value) ? undefined : ANSWER_MESSAGES.url(label);
    case 'tel': {
      const digits = value.replace(/\D/g, '').length;
      return TEL.test(value) && digits >= 5 && digits <= 20 ? undefined : ANSWER_MESSAGES.tel(label);
    }
    default:
      return undefined;
  }
}

function boundsProblem(field: AnswerField, value: string): string | undefined {
  const { label, min, max } = field;
  if (field.type === 'number') {
    const n = Number(value);
    if (typeof min === 'number' && n < min) return ANSWER_MESSAGES.atLeast(label, min);
    if (typeof max === 'number' && n > max) return ANSWER_MESSAGES.atMost(label, max);
  }
  if (field.type === 'date') {
    // YYYY-MM-DD strings order as the days they name.
    if (typeof min === 'string' && value < min) return ANSWER_MESSAGES.onOrAfter(label, min);
    if (typeof max === 'string' && value > max) return ANSWER_MESSAGES.onOrBefore(label, max);
  }
  return undefined;
}

/** The choices of an answer: an array as sent, or one text (which may be 'A, B' from an API client). */
function choicesOf(input: AnswerInput, options: readonly string[]): string[] {
  if (input === undefined) return [];
  if (typeof input !== 'string')
    return input.map((choice) => choice.trim()).filter((choice) => choice !== '');
  const text = input.trim();
  if (text === '') return [];
  const listed = new Set(options);
  if (listed.has(text)) return [text];
  const parts = text.split(CHOICES_SEPARATOR).map((part) => part.trim());
  return parts.every((part) => listed.has(part)) ? parts : [text];
}

function checkChoices(field: AnswerField, input: AnswerInput, options: readonly string[]): AnswerCheck {
  const { label } = field;
  const choices = [...new Set(choicesOf(input, options))].filter((choice) => choice !== OTHER_OPTION_VALUE);
  if (choices.length === 0) {
    return field.required
      ? { ok: false, message: ANSWER_MESSAGES.required(label) }
      : { ok: true, value: undefined, given: false };
  }
  if (field.type !== 'checkboxes' && choices.length > 1)
    return { ok: false, message: ANSWER_MESSAGES.oneOption(label) };
  const listedSet = new Set(options);
  const others = choices.filter((choice) => !listedSet.has(choice));
  if (others.length > (field.allowOther ? 1 : 0))
    return { ok: false, message: ANSWER_MESSAGES.option(label) };
  // Listed choices in the options' order, then the respondent's own 'Other' answer.
  const chosen = new Set(choices);
  const listed = options.filter((option) => chosen.has(option));
  const value = [...listed, ...others].join(CHOICES_SEPARATOR);
  if (value.length > ANSWER_MAX_LENGTH) return { ok: false, message: ANSWER_MESSAGES.tooLong(label) };
  return { ok: true, value, given: true };
}

/**
 * Checks one answer against its field and says what to store. Blank text counts as not given. Choice
 * answers must be among `options` (the field's list as resolved now), or be the one 'Other' answer where
 * the field allows it. A checkbox left unchecked is stored as 'No' but does not count as given.
 */
export function checkAnswer(
  field: AnswerField,
  input: AnswerInput,
  options: readonly string[] = field.options ?? [],
): AnswerCheck {
  const { label, type } = field;
  if (isChoiceType(type)) return checkChoices(field, input, options);
  if (input !== undefined && typeof input !== 'string') {
    if (input.length > 1) return { ok: false, message: ANSWER_MESSAGES.oneOption(label) };
    return checkAnswer(field, input[0], options);
  }
  if (type === 'checkbox') {
    const word = (input ?? '').trim().toLowerCase();
    if (CHECKED.has(word)) return { ok: true, value: CHECKBOX_ANSWERS.checked, given: true };
    if (!UNCHECKED.has(word) && word !== CHECKBOX_ANSWERS.unchecked.toLowerCase()) {
      return { ok: false, message: ANSWER_MESSAGES.checkbox(label) };
    }
    return field.required
      ? { ok: false, message: ANSWER_MESSAGES.required(label) }
      : { ok: true, value: CHECKBOX_ANSWERS.unchecked, given: false };
  }
  if (input === undefined || input.trim() === '') {
    return field.required
      ? { ok: false, message: ANSWER_MESSAGES.required(label) }
      : { ok: true, value: undefined, given: false };
  }
  if (input.length > ANSWER_MAX_LENGTH) return { ok: false, message: ANSWER_MESSAGES.tooLong(label) };
  // Free text keeps its spaces and line breaks; typed answers are trimmed.
  const value = type === 'text' || type === 'textarea' ? input : input.trim();
  const problem = textProblem(type, label, value) ?? boundsProblem(field, value);
  return problem ? { ok: false, message: problem } : { ok: true, value, given: true };
}

/**
 * The significant digits a number is written with. A sheet keeps 15, so a longer one ('12345678901234567890')
 * would reach it changed while the app shows it exact: such an answer is written as text.
 */
function significantDigits(value: string): number {
  const mantissa = value.trim().replace(/^[+-]/, '').split(/[eE]/)[0] ?? '';
  const digits = mantissa.replace('.', '').replace(/^0+/, '');
  // Trailing zeros of an integer part still count ('100' is 3 digits); those after a point do not matter.
  return (mantissa.includes('.') ? digits.replace(/0+$/, '') : digits).length;
}

/** A cell as written to the sheet for a stored answer (RAW): numbers as numbers, a checkbox as a boolean. */
export function answerToCell(type: FieldType, value: string): string | number | boolean {
  if (type === 'number') {
    // Only what the number check accepts: Number() alone reads '0x10' as 16 and '' as 0 (an answer stored
    // before its field became a number stays text).
    const n = Number(value);
    return NUMBER.test(value.trim()) && Number.isFinite(n) && significantDigits(value) <= 15 ? n : value;
  }
  if (type === 'checkbox') {
    if (value === CHECKBOX_ANSWERS.checked) return true;
    if (value === CHECKBOX_ANSWERS.unchecked) return false;
  }
  return value;
}
