import {
  ANSWER_MESSAGES,
  type AnswerInput,
  checkAnswer,
  type FormField,
  keyedRecord,
  NO_ANSWER_MESSAGE,
  PREFILL_MESSAGES,
  type PrefillValue,
  SUBMISSION_LIMITS,
  type VisibilityAnswer,
  visibleFieldIds,
} from '@sheetforms/contract';
import { choiceList, SIGNATURE_KEY } from '../form-access/answer-input.js';

export interface AnswerIssue {
  /** `response.{label}` (or `response.signature`). */
  path: string;
  message: string;
}

export type AnswerCheck =
  | {
      ok: true;
      /** Label → answer as stored (checkAnswer's value), only for fields of the form. */
      answers: Record<string, string>;
      /** The signature URL, when one was sent (not yet checked to be ours: that needs the database). */
      signature: string | undefined;
    }
  | { ok: false; errors: AnswerIssue[] };

/** A respondent's answers: text, or the chosen options of a checkboxes field, keyed by label or id. */
export type ResponseInput = Readonly<Record<string, string | readonly string[]>>;

type Field = Pick<
  FormField,
  | 'id'
  | 'label'
  | 'type'
  | 'required'
  | 'isRemoved'
  | 'options'
  | 'optionsFrom'
  | 'min'
  | 'max'
  | 'allowOther'
  | 'visibleWhen'
>;

export interface AnswerOptions {
  signatureEnabled: boolean;
  /**
   * Field id → the answer a verified prefilled link locks (issue 23): taken when the respondent sends
   * none, refused when they send another.
   */
  locked?: ReadonlyMap<string, PrefillValue> | undefined;
}

/** Blank text, and a list of nothing but blanks, count as not given, as the browser leaves them out. */
function isGiven(value: string | readonly string[]): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value.some((item) => item.trim() !== '');
}

export function bothKeysMessage(label: string): string {
  return `${label} was answered twice (by its label and by its id)`;
}

/** Whether two answers to one field store the same (checkboxes in any order, 'on' as 'Yes', ...). */
export function sameAnswer(field: Field, a: AnswerInput, b: AnswerInput): boolean {
  const optional = { ...field, required: false };
  const first = checkAnswer(optional, a);
  const second = checkAnswer(optional, b);
  if (first.ok && second.ok) return first.value === second.value;
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * An answer as the visibility rules read it: as it would be stored (a checkbox 'Yes' or 'No', typed
 * answers trimmed), checkboxes as their chosen options; one that does not fit its field, as sent.
 */
function ruleAnswer(field: Field, input: AnswerInput): VisibilityAnswer {
  if (input === undefined) return undefined;
  if (field.type === 'checkboxes') return choiceList(input, field.options ?? []);
  const checked = checkAnswer({ ...field, required: false }, input);
  return checked.ok ? checked.value : input;
}

interface FieldIndex {
  /** The fields a respondent may answer (removed ones left out), in form order. */
  current: readonly Field[];
  byLabel: ReadonlyMap<string, Field>;
  byId: ReadonlyMap<string, Field>;
  /** Whether any field shows only under conditions. */
  hasRules: boolean;
}

// A cached form's fields are one frozen array for every submission to it (form-cache.ts), so its index is
// built once, not per request; an array that is not cached is dropped with its index.
const fieldIndexes = new WeakMap<readonly Field[], FieldIndex>();

function indexOf(fields: readonly Field[]): FieldIndex {
  let index = fieldIndexes.get(fields);
  if (index === undefined || !Object.isFrozen(fields)) {
    const current = fields.filter((field) => !field.isRemoved);
    index = {
      current,
      byLabel: new Map(current.map((field) => [field.label, field])),
      byId: new Map(
        current.filter((field) => field.id !== undefined).map((field) => [field.id as string, field]),
      ),
      hasRules: current.some((field) => (field.visibleWhen?.rules.length ?? 0) > 0),
    };
    if (Object.isFrozen(fields)) fieldIndexes.set(fields, index);
  }
  return index;
}

/**
 * Checks a respondent's answers against the form's visible fields with the contract's one answer check
 * (checkAnswer, the public form's too), against each field's options as resolved now. Answers are keyed
 * by field label or by field id (a label wins where a text is both); one field answered under both is
 * refused. No answers for fields the form does not have, the signature when the form asks for one, and at
 * least one answer given (an unchecked optional checkbox is stored as 'No' but is no answer by itself,
 * and neither is a hidden field's value from the link).
 *
 * The server is the judge of conditional questions (issue 23): the fields' rules are evaluated on these
 * answers (locked ones included) with the contract's visibleFieldIds, as the browser does. An answer to a
 * field its rules hide is ignored, never stored (its cell stays blank, so the columns stay aligned), and
 * a required field is required only while it shows. Errors come in form order, so the first one is the
 * first field on the page.
 */
export function validateAnswers(
  fields: readonly Field[],
  response: ResponseInput,
  options: AnswerOptions,
): AnswerCheck {
  const { current, byLabel, byId, hasRules } = indexOf(fields);
  const given = Object.entries(response).filter(([, value]) => isGiven(value));
  const errors: AnswerIssue[] = [];
  // By label, without a prototype: an answer to a field labelled '__proto__' is kept, not lost to the
  // setter every plain object has under that name.
  const answers = keyedRecord<string>();
  const issue = (label: string, message: string) => errors.push({ path: `response.${label}`, message });

  if (given.length > SUBMISSION_LIMITS.answersMax) {
    return {
      ok: false,
      errors: [{ path: 'response', message: `At most ${SUBMISSION_LIMITS.answersMax} answers are allowed` }],
    };
  }

  // Each field's answer, from its label's key or its id's key.
  const inputs = new Map<Field, AnswerInput>();
  const twice = new Set<Field>();
  let signatureInput: string | readonly string[] | undefined;
  const unknown: string[] = [];
  for (const [key, value] of given) {
    const field = byLabel.get(key) ?? byId.get(key);
    if (!field) {
      if (key === SIGNATURE_KEY && options.signatureEnabled) signatureInput = value;
      else unknown.push(key);
      continue;
    }
    if (inputs.has(field)) twice.add(field);
    else inputs.set(field, value);
  }

  // A locked answer stands in for a missing one; another answer is refused (if the field shows).
  const changed = new Set<Field>();
  for (const [fieldId, value] of options.locked ?? []) {
    const field = byId.get(fieldId);
    if (!field || twice.has(field)) continue;
    const sent = inputs.get(field);
    if (sent === undefined) inputs.set(field, value);
    else if (!sameAnswer(field, sent, value)) changed.add(field);
  }

  // Without rules every field shows: the answers need not be read as the rules would read them.
  let shown: Set<string> | undefined;
  if (hasRules) {
    const ruleAnswers = new Map<string, VisibilityAnswer>();
    for (const [field, input] of inputs) {
      if (field.id !== undefined && !twice.has(field)) ruleAnswers.set(field.id, ruleAnswer(field, input));
    }
    shown = visibleFieldIds(current, ruleAnswers);
  }

  let givenAnswers = 0;
  for (const field of current) {
    // Stored fields always have an id; one without could carry no rules.
    if (shown && field.id !== undefined && !shown.has(field.id)) continue;
    if (twice.has(field)) {
      issue(field.label, bothKeysMessage(field.label));
      continue;
    }
    if (changed.has(field)) {
      issue(field.label, PREFILL_MESSAGES.lockedChanged);
      continue;
    }
    const checked = checkAnswer(field, inputs.get(field));
    if (!checked.ok) {
      issue(field.label, checked.message);
      continue;
    }
    if (checked.value !== undefined) answers[field.label] = checked.value;
    if (checked.given && field.type !== 'hidden') givenAnswers++;
  }

  for (const key of unknown) issue(key, `Unknown field: ${key}`);

  let signature: string | undefined;
  if (signatureInput !== undefined) {
    const urls = typeof signatureInput === 'string' ? [signatureInput] : signatureInput;
    if (urls.length === 1) signature = urls[0]?.trim();
    else issue(SIGNATURE_KEY, ANSWER_MESSAGES.oneOption('Signature'));
  } else if (options.signatureEnabled) {
    issue(SIGNATURE_KEY, 'Signature is required');
  }
  // A form with no required field would otherwise store (and append to the sheet) a row of nothing.
  if (errors.length === 0 && givenAnswers === 0 && signature === undefined) {
    errors.push({ path: 'response', message: NO_ANSWER_MESSAGE });
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers, signature };
}
