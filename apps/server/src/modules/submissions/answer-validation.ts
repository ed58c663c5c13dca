import {
  ANSWER_MESSAGES,
  type AnswerInput,
  checkAnswer,
  type FormField,
  NO_ANSWER_MESSAGE,
  SUBMISSION_LIMITS,
} from '@sheetforms/contract';

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

/** The key of the signature URL in `response`, unless a field of the form has that label or id. */
export const SIGNATURE_KEY = 'signature';

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
>;

/** Blank text, and a list of nothing but blanks, count as not given, as the browser leaves them out. */
function isGiven(value: string | readonly string[]): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value.some((item) => item.trim() !== '');
}

export function bothKeysMessage(label: string): string {
  return `${label} was answered twice (by its label and by its id)`;
}

/**
 * Checks a respondent's answers against the form's visible fields with the contract's one answer check
 * (checkAnswer, the public form's too), against each field's options as resolved now. Answers are keyed
 * by field label or by field id (a label wins where a text is both); one field answered under both is
 * refused. No answers for fields the form does not show, the signature when the form asks for one, and at
 * least one answer given (an unchecked optional checkbox is stored as 'No' but is no answer by itself).
 * Errors come in form order, so the first one is the first field on the page.
 */
export function validateAnswers(
  fields: readonly Field[],
  response: ResponseInput,
  options: { signatureEnabled: boolean },
): AnswerCheck {
  const visible = fields.filter((field) => !field.isRemoved);
  const byLabel = new Map(visible.map((field) => [field.label, field]));
  const byId = new Map(
    visible.filter((field) => field.id !== undefined).map((field) => [field.id as string, field]),
  );
  const given = Object.entries(response).filter(([, value]) => isGiven(value));
  const errors: AnswerIssue[] = [];
  const answers: Record<string, string> = {};
  const issue = (label: string, message: string) => errors.push({ path: `response.${label}`, message });

  if (given.length > SUBMISSION_LIMITS.answersMax) {
    return {
      ok: false,
      errors: [{ path: 'response', message: `At most ${SUBMISSION_LIMITS.answersMax} answers are allowed` }],
    };
  }

  // Each field's answer, from its label's key or its id's key.
  const inputs = new Map<Field, { key: string; value: string | readonly string[] }>();
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
    else inputs.set(field, { key, value });
  }

  let givenAnswers = 0;
  for (const field of visible) {
    if (twice.has(field)) {
      issue(field.label, bothKeysMessage(field.label));
      continue;
    }
    const input = inputs.get(field)?.value as AnswerInput;
    const checked = checkAnswer(field, input);
    if (!checked.ok) {
      issue(field.label, checked.message);
      continue;
    }
    if (checked.value !== undefined) answers[field.label] = checked.value;
    if (checked.given) givenAnswers++;
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
