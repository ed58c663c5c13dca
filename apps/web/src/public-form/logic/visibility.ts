import type { PublicFormField } from '@sheetforms/contract';
import { ownValue, type VisibilityAnswer, visibleFieldIds } from '@sheetforms/contract/answers';
import type { Answers } from './answers';
import { answerName, otherName } from './page-data';

/**
 * Conditional questions on the page: which fields show, from the answers the form holds (by label, as
 * the page reads them), judged by the contract's `visibleFieldIds` (by id) exactly as the server judges
 * the submission.
 */

/** Whether any field of the form shows only under conditions (most forms have none: nothing to track). */
export function hasConditions(fields: readonly PublicFormField[]): boolean {
  return fields.some((field) => (field.visibleWhen?.rules.length ?? 0) > 0);
}

export function hasOwnConditions(field: PublicFormField): boolean {
  return (field.visibleWhen?.rules.length ?? 0) > 0;
}

/** The ids of the fields that show, given the answers by label. */
export function shownFieldIds(fields: readonly PublicFormField[], answers: Answers): Set<string> {
  const byId = new Map<string, VisibilityAnswer>();
  for (const field of fields) {
    const answer = ownValue(answers, field.label);
    if (answer !== undefined) byId.set(field.id, answer);
  }
  return visibleFieldIds(fields, byId);
}

/** The fields that show, in order: the only ones checked and sent (the server ignores the others). */
export function shownFields(fields: readonly PublicFormField[], answers: Answers): PublicFormField[] {
  if (!hasConditions(fields)) return [...fields];
  const shown = shownFieldIds(fields, answers);
  return fields.filter((field) => shown.has(field.id));
}

/**
 * The input names whose edits can change what shows: the answers (and 'Other' texts) of the fields a
 * condition refers to. An edit anywhere else costs nothing.
 */
export function conditionInputNames(fields: readonly PublicFormField[]): Set<string> {
  const referred = new Set(
    fields.flatMap((field) => field.visibleWhen?.rules.map((rule) => rule.fieldId) ?? []),
  );
  const names = new Set<string>();
  for (const field of fields) {
    if (!referred.has(field.id)) continue;
    names.add(answerName(field.label));
    names.add(otherName(field.label));
  }
  return names;
}

/** Whether two sets of ids are the same (a re-render only when what shows changed). */
export function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}
