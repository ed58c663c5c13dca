import { createHash } from 'node:crypto';
import {
  type FieldType,
  HONEYPOT_FIELD,
  keyedRecord,
  OPTION_LIMITS,
  OTHER_OPTION_VALUE,
  PREFILL_LIMITS,
  SUBMISSION_LIMITS,
  SubmitFormBodySchema,
} from '@sheetforms/contract';

/** The names of the no-JavaScript form's inputs (the web build's FORM_POST_FIELDS). */
export interface FormPostNames {
  answerPrefix: string;
  nonce: string;
  /** The 'Other' text box of a radio or checkboxes field: `other:{label}` unless the build names it. */
  otherPrefix?: string;
  /** A prefilled link's token, sent back by the page: `prefillToken` unless the build names it. */
  prefillToken?: string;
}

export const DEFAULT_OTHER_PREFIX = 'other:';
/** The name of the prefilled link's token in the page's POST, as in the JSON API's body. */
export const DEFAULT_PREFILL_TOKEN_NAME = 'prefillToken';

/** A field of the form as the POST is read: checkboxes post their name once per ticked box. */
export interface PostedField {
  label: string;
  type: FieldType;
  /** A radio or checkboxes field that offers 'Other': only there does OTHER_OPTION_VALUE stand for a text. */
  allowOther?: boolean;
}

/**
 * Label → answer: the ticked boxes of a checkboxes field, one text for every other field. A record
 * without a prototype (keyedRecord), so a field labelled '__proto__' is stored like any other.
 */
export type PostedResponse = Record<string, string | string[]>;

export type FormPost =
  | {
      ok: true;
      response: PostedResponse;
      nonce: string;
      website: string | undefined;
      /** The prefilled link's token (blank: none). */
      prefillToken: string | undefined;
    }
  | { ok: false; detail: string };

/** The page's nonce: what the server writes (base64url), nothing else. */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/** The most values one name may be posted with: a checkboxes field's options and its Other. */
const VALUES_PER_LABEL_MAX = OPTION_LIMITS.max + 1;
const TOO_MANY_VALUES = `At most ${VALUES_PER_LABEL_MAX} choices are allowed`;
const TOO_MANY_ANSWERS = `At most ${SUBMISSION_LIMITS.answersMax} answers can be sent`;
const LABEL_TOO_LONG = 'Question names must be at most 200 characters';
/** The JSON API's limits on a response: one set of limits for both ways of submitting. */
const ResponseSchema = SubmitFormBodySchema.shape.response;

function offersOther(field: PostedField): boolean {
  return field.allowOther === true && (field.type === 'radio' || field.type === 'checkboxes');
}

/**
 * Reads a plain HTML form's POST (application/x-www-form-urlencoded) into a submission: answers from
 * `answer:{label}` inputs, the page's nonce and the honeypot. A checkboxes field posts its name once per
 * ticked box: all of them are its answer; any other field takes the first value of a repeated name. The
 * 'Other' choice posts OTHER_OPTION_VALUE and its text comes from `other:{label}` (blank: no Other answer).
 * NUL anywhere is refused, as the JSON API refuses it: PostgreSQL cannot store it. The answers then meet
 * the JSON API's limits (SubmitFormBodySchema's response): at most SUBMISSION_LIMITS.answersMax names and
 * OPTION_LIMITS.max + 1 values of one name, read as they come and refused as soon as one is passed.
 */
export function readFormPost(
  body: URLSearchParams,
  names: FormPostNames,
  fields: readonly PostedField[] = [],
): FormPost {
  const checkboxes = new Set(fields.filter((field) => field.type === 'checkboxes').map((f) => f.label));
  const withOther = new Set(fields.filter(offersOther).map((field) => field.label));
  const otherPrefix = names.otherPrefix ?? DEFAULT_OTHER_PREFIX;
  const values = new Map<string, string[]>();
  const others = new Map<string, string>();
  for (const [name, value] of body) {
    if (name.includes('\u0000') || value.includes('\u0000')) {
      return { ok: false, detail: 'Text must not contain NUL characters' };
    }
    if (name.startsWith(names.answerPrefix)) {
      const label = name.slice(names.answerPrefix.length);
      // One push per value (never a copy of the list) and a stop at the limits: a body of repeated
      // names costs what its length does, however it is shaped.
      const posted = values.get(label);
      if (posted === undefined) {
        if (values.size === SUBMISSION_LIMITS.answersMax) return { ok: false, detail: TOO_MANY_ANSWERS };
        values.set(label, [value]);
      } else if (posted.length === VALUES_PER_LABEL_MAX) {
        return { ok: false, detail: TOO_MANY_VALUES };
      } else {
        posted.push(value);
      }
    } else if (name.startsWith(otherPrefix)) {
      const label = name.slice(otherPrefix.length);
      if (withOther.has(label) && !others.has(label)) others.set(label, value);
    }
  }
  const response: PostedResponse = keyedRecord();
  for (const [label, posted] of values) {
    // The Other choice stands for the text typed beside it (only in a field that offers Other, as the
    // JSON API reads it); a blank text is no Other answer at all.
    const offered = withOther.has(label);
    const chosen = posted.flatMap((value) => {
      if (!offered || value !== OTHER_OPTION_VALUE) return [value];
      const text = others.get(label) ?? '';
      return text.trim() === '' ? [] : [text];
    });
    if (checkboxes.has(label)) response[label] = chosen;
    else if (offered && posted[0] === OTHER_OPTION_VALUE) response[label] = chosen[0] ?? '';
    else response[label] = posted[0] ?? '';
  }
  const limits = ResponseSchema.safeParse(response);
  if (!limits.success) {
    const issue = limits.error.issues[0];
    // A label too long is a record key's issue, whose own message names no limit.
    const detail = issue?.code === 'invalid_key' ? LABEL_TOO_LONG : issue?.message;
    return { ok: false, detail: detail ?? 'The answers could not be read' };
  }
  const nonce = body.get(names.nonce) ?? '';
  if (!NONCE.test(nonce)) return { ok: false, detail: 'This page has expired. Reload it and submit again.' };
  const prefillToken = body.get(names.prefillToken ?? DEFAULT_PREFILL_TOKEN_NAME) ?? '';
  if (prefillToken.length > PREFILL_LIMITS.tokenMax) {
    return { ok: false, detail: 'This prefilled link is too long. Ask the form owner for a new one.' };
  }
  return {
    ok: true,
    response,
    nonce,
    website: body.get(HONEYPOT_FIELD) ?? undefined,
    prefillToken: prefillToken === '' ? undefined : prefillToken,
  };
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
