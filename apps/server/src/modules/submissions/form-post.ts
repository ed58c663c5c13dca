import { createHash } from 'node:crypto';
import { type FieldType, HONEYPOT_FIELD, OTHER_OPTION_VALUE } from '@sheetforms/contract';

/** The names of the no-JavaScript form's inputs (the web build's FORM_POST_FIELDS). */
export interface FormPostNames {
  answerPrefix: string;
  nonce: string;
  /** The 'Other' text box of a radio or checkboxes field: `other:{label}` unless the build names it. */
  otherPrefix?: string;
}

export const DEFAULT_OTHER_PREFIX = 'other:';

/** A field of the form as the POST is read: checkboxes post their name once per ticked box. */
export interface PostedField {
  label: string;
  type: FieldType;
}

/** Label → answer: the ticked boxes of a checkboxes field, one text for every other field. */
export type PostedResponse = Record<string, string | string[]>;

export type FormPost =
  | { ok: true; response: PostedResponse; nonce: string; website: string | undefined }
  | { ok: false; detail: string };

/** The page's nonce: what the server writes (base64url), nothing else. */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Reads a plain HTML form's POST (application/x-www-form-urlencoded) into a submission: answers from
 * `answer:{label}` inputs, the page's nonce and the honeypot. A checkboxes field posts its name once per
 * ticked box: all of them are its answer; any other field takes the first value of a repeated name. The
 * 'Other' choice posts OTHER_OPTION_VALUE and its text comes from `other:{label}` (blank: no Other answer).
 * NUL anywhere is refused, as the JSON API refuses it: PostgreSQL cannot store it.
 */
export function readFormPost(
  body: URLSearchParams,
  names: FormPostNames,
  fields: readonly PostedField[] = [],
): FormPost {
  const checkboxes = new Set(fields.filter((field) => field.type === 'checkboxes').map((f) => f.label));
  const otherPrefix = names.otherPrefix ?? DEFAULT_OTHER_PREFIX;
  const values = new Map<string, string[]>();
  const others = new Map<string, string>();
  for (const [name, value] of body) {
    if (name.includes('\u0000') || value.includes('\u0000')) {
      return { ok: false, detail: 'Text must not contain NUL characters' };
    }
    if (name.startsWith(names.answerPrefix)) {
      const label = name.slice(names.answerPrefix.length);
      values.set(label, [...(values.get(label) ?? []), value]);
    } else if (name.startsWith(otherPrefix)) {
      const label = name.slice(otherPrefix.length);
      if (!others.has(label)) others.set(label, value);
    }
  }
  const response: PostedResponse = {};
  for (const [label, posted] of values) {
    // The Other choice stands for the text typed beside it; a blank text is no Other answer at all.
    const chosen = posted.flatMap((value) => {
      if (value !== OTHER_OPTION_VALUE) return [value];
      const text = others.get(label) ?? '';
      return text.trim() === '' ? [] : [text];
    });
    if (checkboxes.has(label)) response[label] = chosen;
    else if (posted[0] === OTHER_OPTION_VALUE) response[label] = chosen[0] ?? '';
    else response[label] = posted[0] ?? '';
  }
  const nonce = body.get(names.nonce) ?? '';
  if (!NONCE.test(nonce)) return { ok: false, detail: 'This page has expired. Reload it and submit again.' };
  return { ok: true, response, nonce, website: body.get(HONEYPOT_FIELD) ?? undefined };
}

/**
 * The idempotency key of a no-JavaScript submission: the page's nonce and the answers together. The
 * same page sent twice with the same answers (a double click, a resent POST) stores once; the same page
 * sent again with other answers (back, edit, submit) is a new response, not a repeat of the first.
 */
export function formPostKey(formId: string, nonce: string, response: PostedResponse): string {
  const answers = Object.entries(response).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = createHash('sha256')
    .update(JSON.stringify([formId, nonce, answers]))
    .digest('base64url');
  return `page-${digest}`;
}
