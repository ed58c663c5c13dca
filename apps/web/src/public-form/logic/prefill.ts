import type { PublicForm } from '@sheetforms/contract';
import {
  keyedRecord,
  ownValue,
  PREFILL_PARAM,
  type PrefillValue,
  prefillFromQuery,
} from '@sheetforms/contract/answers';
import type { Answer, Answers } from './answers';
import type { InitialView } from './page-data';

/** What the form starts with: its answers by label, the locked fields' ids and the link's token. */
export interface FormStart {
  values: Answers;
  locked: ReadonlySet<string>;
  /** A token the server verified, sent back with the submission. */
  prefillToken: string | undefined;
  /** A token the server has yet to verify: until it has, nothing of it is shown, locked or sent. */
  unverifiedToken?: string | undefined;
}

/**
 * The server-rendered page: the server read the address and verified the token (locked by label). The
 * page's values are JSON, a plain object: only its own keys are the form's answers (a field labelled
 * 'constructor' must not start with what every object inherits under that name).
 */
export function startFromView(form: PublicForm, view: Extract<InitialView, { kind: 'form' }>): FormStart {
  const lockedLabels = new Set(view.locked ?? []);
  const values = keyedRecord<Answer>();
  for (const field of form.jdata) {
    const value = ownValue(view.values, field.label);
    if (value !== undefined) values[field.label] = value;
  }
  return {
    values,
    locked: new Set(form.jdata.filter((field) => lockedLabels.has(field.label)).map((field) => field.id)),
    prefillToken: view.prefillToken || undefined,
  };
}

/**
 * The browser-rendered page (a login-protected form): the address's values (by field id or label, those
 * that fit), as the server renders the others. A `prefill` token is only remembered here, never read: its
 * answers are the owner's word only once the server has verified it (`withVerifiedPrefill`), and anyone
 * can write a token that merely decodes.
 */
export function startFromAddress(form: PublicForm, search: string): FormStart {
  const query = new URLSearchParams(search);
  const byId = prefillFromQuery(form.jdata, query);
  const values: Answers = keyedRecord();
  for (const field of form.jdata) {
    const value = ownValue(byId, field.id);
    if (value !== undefined) values[field.label] = value;
  }
  return {
    values,
    locked: new Set(),
    prefillToken: undefined,
    unverifiedToken: query.get(PREFILL_PARAM) || undefined,
  };
}

/**
 * The start once the server verified the token: its answers (field id → answer) over the address's, locked,
 * and the token to send back. Fields the form does not have are skipped, as the server renders them.
 */
export function withVerifiedPrefill(
  form: PublicForm,
  start: FormStart,
  token: string,
  verified: Readonly<Record<string, PrefillValue>>,
): FormStart {
  const values: Answers = Object.assign(keyedRecord<Answer>(), start.values);
  const locked = new Set<string>();
  for (const field of form.jdata) {
    const value = ownValue(verified, field.id);
    if (value === undefined) continue;
    values[field.label] = value;
    locked.add(field.id);
  }
  return { values, locked, prefillToken: token, unverifiedToken: undefined };
}
