import { createHash } from 'node:crypto';
import { HONEYPOT_FIELD } from '@sheetforms/contract';

/** The names of the no-JavaScript form's inputs (the web build's FORM_POST_FIELDS). */
export interface FormPostNames {
  answerPrefix: string;
  nonce: string;
}

export type FormPost =
  | { ok: true; response: Record<string, string>; nonce: string; website: string | undefined }
  | { ok: false; detail: string };

/** The page's nonce: what the server writes (base64url), nothing else. */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Reads a plain HTML form's POST (application/x-www-form-urlencoded) into a submission: answers from
 * `answer:{label}` inputs (the first value of a repeated name), the page's nonce and the honeypot.
 * NUL anywhere is refused, as the JSON API refuses it: PostgreSQL cannot store it.
 */
export function readFormPost(body: URLSearchParams, names: FormPostNames): FormPost {
  const response: Record<string, string> = {};
  for (const [name, value] of body) {
    if (name.includes('\u0000') || value.includes('\u0000')) {
      return { ok: false, detail: 'Text must not contain NUL characters' };
    }
    if (!name.startsWith(names.answerPrefix)) continue;
    const label = name.slice(names.answerPrefix.length);
    if (!(label in response)) response[label] = value;
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
export function formPostKey(formId: string, nonce: string, response: Record<string, string>): string {
  const answers = Object.entries(response).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = createHash('sha256')
    .update(JSON.stringify([formId, nonce, answers]))
    .digest('base64url');
  return `page-${digest}`;
}
