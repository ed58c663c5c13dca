import type { PublicFormField } from '@sheetforms/contract';
// The answers entry of the contract carries no zod, so the respondent bundle stays light.
import {
  CHOICES_SEPARATOR,
  checkAnswer,
  keyedRecord,
  OTHER_OPTION_VALUE,
  ownValue,
} from '@sheetforms/contract/answers';
import { answerName, type FieldErrors, otherName } from './page-data';

/** One answer as the form holds it: text, or the chosen options of a checkboxes field. */
export type Answer = string | string[];
/**
 * Answers by label. A label is the owner's to choose ('constructor', '__proto__'...): they are made with
 * the contract's keyedRecord and read with ownValue, never with a plain `answers[label]`.
 */
export type Answers = Record<string, Answer>;

/**
 * 'Other' ticked with nothing typed beside it. The server never sees this from the page (the JSON body
 * carries the typed text in place of 'Other'), so it is the browser's own message.
 */
export const otherTextMissing = (label: string) => `${label}: type your answer next to 'Other'`;

/** What a form's controls post, as FormData gives it (what the no-JavaScript post sends, too). */
export interface PostedValues {
  getAll(name: string): FormDataEntryValue[];
}

function texts(data: PostedValues, name: string): string[] {
  return data.getAll(name).filter((value): value is string => typeof value === 'string');
}

/**
 * The answers the form's controls hold, by label. An 'Other' choice is replaced by the text typed beside
 * it (left as the 'Other' marker when nothing was typed, for validateAnswers to point out); a single
 * checkbox is 'Yes' when ticked and absent when not.
 */
export function answersFromForm(fields: readonly PublicFormField[], data: PostedValues): Answers {
  const answers = keyedRecord<Answer>();
  for (const field of fields) {
    const posted = texts(data, answerName(field.label));
    const otherText = texts(data, otherName(field.label))[0] ?? '';
    const choices = posted.map((value) =>
      value === OTHER_OPTION_VALUE && field.allowOther && otherText.trim() !== '' ? otherText.trim() : value,
    );
    if (field.type === 'checkboxes') answers[field.label] = choices;
    else if (choices[0] !== undefined) answers[field.label] = choices[0];
  }
  return answers;
}

function choseOtherWithoutText(field: PublicFormField, answer: Answer | undefined): boolean {
  if (!field.allowOther || answer === undefined) return false;
  return typeof answer === 'string' ? answer === OTHER_OPTION_VALUE : answer.includes(OTHER_OPTION_VALUE);
}

/**
 * The server's own check of every answer (the contract's checkAnswer, so the messages are the ones a
 * 400 would bring), plus 'Other' ticked without its text. Errors by label.
 */
export function validateAnswers(fields: readonly PublicFormField[], answers: Answers): FieldErrors {
  const errors: FieldErrors = keyedRecord();
  for (const field of fields) {
    const answer = ownValue(answers, field.label);
    if (choseOtherWithoutText(field, answer)) {
      errors[field.label] = otherTextMissing(field.label);
      continue;
    }
    const check = checkAnswer(field, answer, field.options ?? []);
    if (!check.ok) errors[field.label] = check.message;
  }
  return errors;
}

/**
 * The key a field's answer is sent under: its label, except a field labelled '__proto__', which goes
 * under its id (the server takes either). A JSON body with a '__proto__' key is refused outright, as the
 * server's parser guards against prototype pollution, so that one label cannot be sent as itself.
 */
export function responseKey(field: Pick<PublicFormField, 'id' | 'label'>): string {
  return field.label === '__proto__' ? field.id : field.label;
}

/**
 * The response to send, keyed by responseKey (the label): empty values left out (spec 001), only the
 * form's own fields, a checkboxes answer as the array of its choices, an unticked checkbox not at all.
 */
export function buildResponse(fields: readonly PublicFormField[], answers: Answers): Answers {
  const response = keyedRecord<Answer>();
  for (const field of fields) {
    const answer = ownValue(answers, field.label);
    if (answer === undefined) continue;
    // An 'Other' ticked without its text is no answer (a text field may hold the marker's letters).
    const kept = (text: string) => text.trim() !== '' && !(field.allowOther && text === OTHER_OPTION_VALUE);
    if (typeof answer === 'string') {
      if (kept(answer)) response[responseKey(field)] = answer;
      continue;
    }
    const choices = answer.filter(kept);
    if (choices.length > 0) response[responseKey(field)] = choices;
  }
  return response;
}

/** How a choice field starts: the listed options ticked, and whether 'Other' is, with its text. */
export interface ChoiceStart {
  chosen: string[];
  other: boolean;
  otherText: string;
}

/**
 * The choices a refused submission sent back to the page: an array as posted, or one text. A text may be
 * one option, the 'A, B' a checkboxes answer is stored as (listed options first, then the 'Other' text),
 * or, where 'Other' is allowed, the respondent's own answer.
 */
export function choiceStart(field: PublicFormField, value: Answer | undefined): ChoiceStart {
  const options = field.options ?? [];
  const start: ChoiceStart = { chosen: [], other: false, otherText: '' };
  if (value === undefined) return start;
  let parts: string[];
  if (typeof value !== 'string') parts = value;
  else if (options.includes(value) || field.type !== 'checkboxes') parts = [value];
  else {
    const split = value.split(CHOICES_SEPARATOR);
    const listed = split.findIndex((part) => !options.includes(part));
    parts = listed === -1 ? split : [...split.slice(0, listed), split.slice(listed).join(CHOICES_SEPARATOR)];
  }
  for (const part of parts.filter((text) => text.trim() !== '')) {
    if (options.includes(part)) start.chosen.push(part);
    else if (field.allowOther && (field.type === 'radio' || field.type === 'checkboxes')) {
      start.other = true;
      if (part !== OTHER_OPTION_VALUE) start.otherText = part;
    }
  }
  return start;
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
  const errors: FieldErrors = keyedRecord();
  for (const problem of problems) {
    const at = problem.path.indexOf('response.');
    if (at === -1) continue;
    const label = problem.path.slice(at + 'response.'.length);
    if (labels.has(label) && !ownValue(errors, label)) errors[label] = problem.message;
  }
  return errors;
}
