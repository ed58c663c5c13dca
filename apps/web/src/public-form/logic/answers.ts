import type { PublicFormField } from '@sheetforms/contract';

export type Answers = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** Spec 001 section 5: every required field must be non-empty, else '{label} is required'. */
export function validateAnswers(fields: readonly PublicFormField[], answers: Answers): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (field.required && (answers[field.label] ?? '').trim() === '') {
      errors[field.label] = `${field.label} is required`;
    }
  }
  return errors;
}

/** The response to send: answers keyed by label, empty values left out, only the form's own fields. */
export function buildResponse(fields: readonly PublicFormField[], answers: Answers): Answers {
  const response: Answers = {};
  for (const field of fields) {
    const value = answers[field.label];
    if (value === undefined || value.trim() === '') continue;
    response[field.label] = value;
  }
  return response;
}

/**
 * Field errors from a 400 VALIDATION_FAILED reply: paths read 'response.{label}' (possibly after a
 * prefix such as 'body.'); labels may contain dots, so everything after 'response.' is the label.
 */
export function fieldErrorsFromProblem(
  fields: readonly { label: string }[],
  problems: readonly { path: string; message: string }[],
): FieldErrors {
  const labels = new Set(fields.map((field) => field.label));
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const at = problem.path.indexOf('response.');
    if (at === -1) continue;
    const label = problem.path.slice(at + 'response.'.length);
    if (labels.has(label) && !errors[label]) errors[label] = problem.message;
  }
  return errors;
}
