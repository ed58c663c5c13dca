import { type FormField, NO_ANSWER_MESSAGE, SUBMISSION_LIMITS } from '@sheetforms/contract';

export interface AnswerIssue {
  /** `response.{label}` (or `response.signature`). */
  path: string;
  message: string;
}

export type AnswerCheck =
  | {
      ok: true;
      /** Label → answer, only for fields of the form and only non-empty answers. */
      answers: Record<string, string>;
      /** The signature URL, when one was sent (not yet checked to be ours: that needs the database). */
      signature: string | undefined;
    }
  | { ok: false; errors: AnswerIssue[] };

/** The key of the signature URL in `response`, unless a field of the form has that label. */
export const SIGNATURE_KEY = 'signature';

/** Spec 001: a simple {text}@{text}.{text}. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` sends). */
export function isIsoDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function typeProblem(field: FormField, value: string): string | undefined {
  switch (field.type) {
    case 'email':
      return EMAIL.test(value) ? undefined : `${field.label} must be a valid email`;
    case 'number':
      return NUMBER.test(value) && Number.isFinite(Number(value))
        ? undefined
        : `${field.label} must be a number`;
    case 'date':
      return isIsoDate(value) ? undefined : `${field.label} must be a valid date`;
    default:
      return undefined;
  }
}

/**
 * Checks a respondent's answers against the form's visible fields, with the spec's messages: required
 * fields, email / number / date shapes, no answers for labels the form does not show, length caps, and
 * the signature when the form asks for one. Empty (or blank) answers count as not given, as the browser
 * leaves them out. Errors come in form order, so the first one is the first field on the page.
 */
export function validateAnswers(
  fields: readonly FormField[],
  response: Readonly<Record<string, string>>,
  options: { signatureEnabled: boolean },
): AnswerCheck {
  const visible = fields.filter((field) => !field.isRemoved);
  const byLabel = new Map(visible.map((field) => [field.label, field]));
  const given = new Map(
    Object.entries(response).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  );
  const errors: AnswerIssue[] = [];
  const answers: Record<string, string> = {};
  const issue = (label: string, message: string) => errors.push({ path: `response.${label}`, message });

  if (given.size > SUBMISSION_LIMITS.answersMax) {
    return {
      ok: false,
      errors: [{ path: 'response', message: `At most ${SUBMISSION_LIMITS.answersMax} answers are allowed` }],
    };
  }

  for (const field of visible) {
    const raw = given.get(field.label);
    if (raw === undefined) {
      if (field.required) issue(field.label, `${field.label} is required`);
      continue;
    }
    if (raw.length > SUBMISSION_LIMITS.answerMax) {
      issue(field.label, `${field.label} must be at most ${SUBMISSION_LIMITS.answerMax} characters`);
      continue;
    }
    const value = field.type === 'text' || field.type === 'textarea' ? raw : raw.trim();
    const problem = typeProblem(field, value);
    if (problem) issue(field.label, problem);
    else answers[field.label] = value;
  }

  let signature: string | undefined;
  for (const [label, value] of given) {
    if (byLabel.has(label)) continue;
    if (label === SIGNATURE_KEY && options.signatureEnabled) signature = value.trim();
    else issue(label, `Unknown field: ${label}`);
  }
  if (options.signatureEnabled && signature === undefined) issue(SIGNATURE_KEY, 'Signature is required');
  // A form with no required field would otherwise store (and append to the sheet) a row of nothing.
  if (errors.length === 0 && Object.keys(answers).length === 0 && signature === undefined) {
    errors.push({ path: 'response', message: NO_ANSWER_MESSAGE });
  }

  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers, signature };
}
