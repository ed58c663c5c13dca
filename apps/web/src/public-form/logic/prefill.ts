import type { PublicForm } from '@sheetforms/contract';
import { PREFILL_PARAM, prefillFromQuery, readPrefillPayload } from '@sheetforms/contract/answers';
import type { Answers } from './answers';
import type { InitialView } from './page-data';

/** What the form starts with: its answers by label, the locked fields' ids and the link's token. */
export interface FormStart {
  values: Answers;
  locked: ReadonlySet<string>;
  prefillToken: string | undefined;
}

/** The server-rendered page: the server read the address and the token (and verified it). */
export function startFromView(view: Extract<InitialView, { kind: 'form' }>): FormStart {
  return {
    values: view.values ?? {},
    locked: new Set(view.locked ?? []),
    prefillToken: view.prefillToken || undefined,
  };
}

/**
 * The browser-rendered page (a login-protected form): the address's values (by field id or label, those
 * that fit), then the token's locked answers over them. The token is read unverified, only to show what
 * it locks; the server verifies it when the form is sent. A token for another form locks nothing (the
 * server will refuse it, and the page shows that refusal).
 */
export function startFromAddress(form: PublicForm, search: string): FormStart {
  const query = new URLSearchParams(search);
  const byId = prefillFromQuery(form.jdata, query);
  const token = query.get(PREFILL_PARAM) ?? undefined;
  const payload = token ? readPrefillPayload(token) : undefined;
  const locked = new Set<string>();
  if (payload?.formId === form.formId) {
    for (const field of form.jdata) {
      const value = payload.values[field.id];
      if (value === undefined) continue;
      byId[field.id] = value;
      locked.add(field.id);
    }
  }
  const values: Answers = {};
  for (const field of form.jdata) {
    const value = byId[field.id];
    if (value !== undefined) values[field.label] = value;
  }
  return { values, locked, prefillToken: token || undefined };
}
