import {
  API_PREFIX,
  API_TIMEOUT_MS,
  CONTACT_MESSAGES,
  type ContactSubmitBody,
  ContactSubmitBodySchema,
} from '@sheetforms/contract';

export const CONTACT_URL = `${API_PREFIX}/contact/submit`;

/** The fields a visitor fills in (the honeypot `website` included). */
export type ContactField = 'name' | 'email' | 'company' | 'message' | 'website';
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export interface ContactValues {
  name: string;
  email: string;
  company: string;
  message: string;
  website: string;
}

export type ContactValidation =
  | { ok: true; body: ContactSubmitBody }
  | { ok: false; errors: ContactFieldErrors };

const FIELDS: readonly ContactField[] = ['name', 'email', 'company', 'message', 'website'];

function isField(value: unknown): value is ContactField {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/** The same checks as the server (ContactSubmitBodySchema), with the first message of each field. */
export function validateContact(values: ContactValues): ContactValidation {
  const parsed = ContactSubmitBodySchema.safeParse({
    name: values.name,
    email: values.email,
    company: values.company,
    message: values.message,
    ...(values.website === '' ? {} : { website: values.website }),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

export type ContactResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: ContactFieldErrors };

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Field errors of a problem document (`errors: [{ path: 'body.email', message }]`). */
function problemFieldErrors(body: unknown): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  const list = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return errors;
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    const field = typeof path === 'string' ? path.split('.').at(-1) : undefined;
    const note = text(message);
    if (isField(field) && note && errors[field] === undefined) errors[field] = note;
  }
  return errors;
}

/**
 * POST /contact/submit. Success shows the server's message, else the spec's thank-you; failure shows
 * the server's text (a problem document's detail), else 'Failed to submit contact form. Please try again.'
 */
export async function submitContact(
  body: ContactSubmitBody,
  fetchImpl: typeof fetch = fetch,
): Promise<ContactResult> {
  let reply: Response;
  try {
    reply = await fetchImpl(CONTACT_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(API_TIMEOUT_MS) : undefined,
    });
  } catch {
    return { ok: false, message: CONTACT_MESSAGES.failure, errors: {} };
  }
  let json: unknown = null;
  try {
    json = await reply.json();
  } catch {
    // An empty or non-JSON body leaves the spec's fallback texts.
  }
  const fields = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  if (reply.ok) return { ok: true, message: text(fields.message) ?? CONTACT_MESSAGES.success };
  return {
    ok: false,
    message: text(fields.detail) ?? text(fields.message) ?? CONTACT_MESSAGES.failure,
    errors: problemFieldErrors(json),
  };
}
