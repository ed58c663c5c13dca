import type { PublicForm } from '@sheetforms/contract';
import {
  keyedRecord,
  ownValue,
  PREFILL_MESSAGES,
  PREFILL_PARAM,
  prefillFromQuery,
  readPrefillPayload,
} from '@sheetforms/contract/answers';
import type { Answer, Answers } from './answers';
import type { InitialView } from './page-data';

/** What the form starts with: its answers by label, the locked fields' ids and the link's token. */
export interface FormStart {
  values: Answers;
  locked: ReadonlySet<string>;
  prefillToken: string | undefined;
  /** Why the link's token was not taken (the server-rendered page carries its own in `formError`). */
  formError?: string | undefined;
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
 * The browser-rendered page (a login-protected form), as the server renders the others: the address's
 * values (by field id or label, those that fit), then the token's locked answers over them. The token is
 * read unverified here, only to show what it locks; the server verifies it when the form is sent. A token
 * for another form, or past its expiry, locks nothing and is not sent: the page says why instead.
 */
export function startFromAddress(form: PublicForm, search: string, now = Date.now()): FormStart {
  const query = new URLSearchParams(search);
  const byId = prefillFromQuery(form.jdata, query);
  const token = query.get(PREFILL_PARAM) || undefined;
  const payload = token ? readPrefillPayload(token) : undefined;
  let formError: string | undefined;
  if (token && payload?.formId !== form.formId) formError = PREFILL_MESSAGES.invalid;
  else if (payload?.expiresAt !== undefined && payload.expiresAt * 1000 <= now)
    formError = PREFILL_MESSAGES.expired;
  const locked = new Set<string>();
  if (payload && !formError) {
    for (const field of form.jdata) {
      const value = ownValue(payload.values, field.id);
      if (value === undefined) continue;
      byId[field.id] = value;
      locked.add(field.id);
    }
  }
  const values: Answers = keyedRecord();
  for (const field of form.jdata) {
    const value = ownValue(byId, field.id);
    if (value !== undefined) values[field.label] = value;
  }
  return { values, locked, prefillToken: formError ? undefined : token, formError };
}
