/**
 * Prefilled links (issue 23), without zod: the public form (browser and server render) and the server's
 * submission check read them with these.
 *
 * - `/form/{formId}?{field id or label}={value}` prefills a field; the respondent may change it. A value
 *   that does not fit its field is ignored (choice fields take an option, matched without case).
 * - `?prefill={token}` carries locked answers: `{payload}.{signature}`, both base64url. The payload is
 *   JSON `{ f: formId, v: { fieldId: answer }, e?: expiry in epoch seconds }`, signed by the server
 *   (HMAC-SHA256 with its secret). The page shows the locked answers read-only only once the server has
 *   verified it (rendering the page, or through POST /forms/{formId}/prefill/verify for the page the
 *   browser renders); the server verifies it again at submission and refuses an answer that differs.
 */
import { keyedRecord } from './answer-rules.js';
import { CHECKBOX_ANSWERS, type FieldType, isChoiceType } from './field-kinds.js';

/** The query parameter of the signed token, and the body key the submission sends it back in. */
export const PREFILL_PARAM = 'prefill';

export const PREFILL_LIMITS = {
  /** Characters of a token (it travels in a URL). */
  tokenMax: 8000,
  /**
   * Characters of a prefilled link's whole address, token included: the length every server and proxy
   * on the way should take (RFC 9110 asks for at least 8,000), well inside Node's 16 KB of headers.
   */
  urlMax: 8000,
  /** Days a link may be valid for, when the owner sets an expiry. */
  expiryDaysMax: 365,
  /** Prefilled values read from one address. */
  paramsMax: 200,
  /**
   * Values (repeated parameters) and comma-separated parts read for one field: a field offers at most
   * 500 options (OPTION_LIMITS.max), so more can only repeat them. An address is the visitor's to write.
   */
  valuesMax: 500,
} as const;

export const PREFILL_MESSAGES = {
  lockedChanged: 'This answer was set by the form owner and cannot be changed',
  invalid: 'This prefilled link is not valid for this form',
  expired: 'This prefilled link has expired',
  /** A link whose address would be longer than PREFILL_LIMITS.urlMax (said when it is made). */
  linkTooLong: 'The answers are too long for a link: prefill fewer answers, or shorter ones',
} as const;

/** A prefilled answer: text, or the chosen options of a checkboxes field. */
export type PrefillValue = string | string[];

export interface PrefillPayload {
  /** The form the token was made for. */
  formId: string;
  /** Field id → the locked answer (read it with `ownValue`: the token's ids are keys like any other). */
  values: Record<string, PrefillValue>;
  /** Epoch seconds after which the token is refused; absent: no expiry. */
  expiresAt?: number | undefined;
}

/** The parts of a field prefilling looks at. */
export interface PrefillField {
  id: string;
  label: string;
  type: FieldType;
  options?: readonly string[] | undefined;
  allowOther?: boolean | undefined;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The payload part of a token, as the server signs it (the signature is appended after a dot). */
export function encodePrefillPayload(payload: PrefillPayload): string {
  const json: Record<string, unknown> = { f: payload.formId, v: payload.values };
  if (payload.expiresAt !== undefined) json.e = payload.expiresAt;
  return toBase64Url(new TextEncoder().encode(JSON.stringify(json)));
}

function isPrefillValue(value: unknown): value is PrefillValue {
  return (
    typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'))
  );
}

/**
 * Reads a token's payload WITHOUT checking its signature: anyone can write one that decodes, so what it
 * says is never shown as the owner's. The server reads it once the signature holds (PrefillTokens.verify).
 * Undefined when it is not one.
 */
export function readPrefillPayload(token: string): PrefillPayload | undefined {
  if (token.length > PREFILL_LIMITS.tokenMax) return undefined;
  const [encoded, signature, extra] = token.split('.');
  if (encoded === undefined || !signature || extra !== undefined) return undefined;
  const bytes = fromBase64Url(encoded);
  if (!bytes) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const { f, v, e } = json as Record<string, unknown>;
  if (typeof f !== 'string' || typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  if (e !== undefined && (typeof e !== 'number' || !Number.isFinite(e))) return undefined;
  const values = keyedRecord<PrefillValue>();
  for (const [fieldId, value] of Object.entries(v)) {
    if (!isPrefillValue(value)) return undefined;
    values[fieldId] = value;
  }
  return { formId: f, values, expiresAt: e as number | undefined };
}

/** How an option and a prefilled text are compared: without case or outer spaces. */
function optionKey(text: string): string {
  return text.trim().toLowerCase();
}

/**
 * The field's options by their compared form, built once per field: a value is looked up in one step
 * whatever the number of options (a search per part made an address of thousands of parts cost seconds).
 * The first option of a compared form wins, as a search from the start would find it.
 */
function optionsByKey(options: readonly string[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const option of options) {
    const key = optionKey(option);
    if (!byKey.has(key)) byKey.set(key, option);
  }
  return byKey;
}

/**
 * A value from the address as the field would take it, or undefined when it does not fit: choice fields
 * take listed options (checkboxes several, from repeated parameters or 'A, B'); a checkbox takes
 * yes/true/1 or no/false/0. Other values are checked when the form is sent, like typed ones.
 */
export function prefillValueFor(field: PrefillField, raw: readonly string[]): PrefillValue | undefined {
  const given = raw
    .slice(0, PREFILL_LIMITS.valuesMax)
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (given.length === 0) return undefined;
  const [first] = given as [string, ...string[]];
  if (isChoiceType(field.type)) {
    const options = optionsByKey(field.options ?? []);
    if (field.type !== 'checkboxes') return options.get(optionKey(first));
    // An option may itself hold a comma ('Card, printed'): a value that names one whole is not split.
    const chosen = new Set<string>();
    let read = 0;
    for (const value of given) {
      const whole = options.get(optionKey(value));
      const parts = whole !== undefined ? [value] : value.split(',', PREFILL_LIMITS.valuesMax - read);
      for (const part of parts) {
        const option = options.get(optionKey(part));
        if (option !== undefined) chosen.add(option);
      }
      read += parts.length;
      if (read >= PREFILL_LIMITS.valuesMax) break;
    }
    return chosen.size > 0 ? [...chosen] : undefined;
  }
  if (field.type === 'checkbox') {
    const word = first.toLowerCase();
    if (['yes', 'true', '1', 'on', 'checked'].includes(word)) return CHECKBOX_ANSWERS.checked;
    if (['no', 'false', '0', 'off'].includes(word)) return CHECKBOX_ANSWERS.unchecked;
    return undefined;
  }
  return first.slice(0, 5000);
}

/**
 * The prefilled answers of an address's query, keyed by field id: each field by its id, else its label
 * (the id wins when both are given). The `prefill` token is not read here.
 */
export function prefillFromQuery(
  fields: readonly PrefillField[],
  query: URLSearchParams,
): Record<string, PrefillValue> {
  const values = keyedRecord<PrefillValue>();
  let read = 0;
  for (const field of fields) {
    if (read >= PREFILL_LIMITS.paramsMax) break;
    const byId = query.getAll(field.id);
    const raw = byId.length > 0 ? byId : query.getAll(field.label);
    const value = prefillValueFor(field, raw);
    if (value !== undefined) {
      values[field.id] = value;
      read += 1;
    }
  }
  return values;
}
