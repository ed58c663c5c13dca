import {
  keyedRecord,
  ownValue,
  PREFILL_MESSAGES,
  PREFILL_PARAM,
  type PrefillValue,
  prefillFromQuery,
} from '@sheetforms/contract';
import type { LoadedForm } from '../form-access/public-form.serializer.js';
import type { PrefillTokens } from '../prefill-links/prefill-tokens.js';

/**
 * Answers as the page's `values` carry them: by field label, checkboxes as their chosen options. Made
 * with `keyedRecord` and read with `ownValue`, so a label such as 'constructor' or '__proto__' is a key
 * like any other.
 */
export type PageValues = Record<string, string | string[]>;

/** What a prefilled link adds to the form's view (FormPageView's optional keys). */
export interface PrefilledView {
  values: PageValues;
  /** Labels of the answers a verified token locks: shown read-only. */
  locked?: string[];
  /** The verified token, sent back with the submission (`prefillToken`). */
  prefillToken?: string;
  /** Why a token was not taken (not valid for this form, or expired). */
  formError?: string;
}

/**
 * The view of answers (label → answer) under a prefilled link's token: a verified token's locked answers
 * replace whatever else was given for their fields and are named in `locked`; a token that is not valid
 * here locks nothing and says why in `formError`. Fields the form no longer has are skipped.
 */
export function withPrefillToken(
  form: Pick<LoadedForm, 'formId' | 'fields'>,
  values: PageValues,
  token: string | undefined,
  tokens: Pick<PrefillTokens, 'verify'>,
): PrefilledView {
  if (token === undefined || token === '') return { values };
  const verified = tokens.verify(token, form.formId);
  if (!verified.ok) {
    return {
      values,
      formError: verified.reason === 'expired' ? PREFILL_MESSAGES.expired : PREFILL_MESSAGES.invalid,
    };
  }
  const kept: PageValues = Object.assign(keyedRecord<string | string[]>(), values);
  const locked: string[] = [];
  for (const field of form.fields) {
    const value: PrefillValue | undefined = ownValue(verified.payload.values, field.id);
    if (value === undefined) continue;
    kept[field.label] = typeof value === 'string' ? value : [...value];
    locked.push(field.label);
  }
  return { values: kept, locked, prefillToken: token };
}

/**
 * What `/form/{formId}?...` prefills: fields named by id or label in the query (values that do not fit
 * their field ignored, the contract's prefillFromQuery) and the `prefill` token's locked answers.
 * Undefined when the address prefills nothing, so the plain (cached) page is sent.
 */
export function prefilledView(
  form: Pick<LoadedForm, 'formId' | 'fields'>,
  query: URLSearchParams,
  tokens: Pick<PrefillTokens, 'verify'>,
): PrefilledView | undefined {
  const byId = prefillFromQuery(form.fields, query);
  const token = query.get(PREFILL_PARAM) ?? undefined;
  if (Object.keys(byId).length === 0 && !token) return undefined;
  const values: PageValues = keyedRecord();
  for (const field of form.fields) {
    const value = ownValue(byId, field.id);
    if (value !== undefined) values[field.label] = typeof value === 'string' ? value : [...value];
  }
  return withPrefillToken(form, values, token, tokens);
}
