import {
  displayNameFromEmail,
  isValidEmail,
  MAX_NAME_LENGTH,
  normalizeEmail,
  normalizeName,
} from '../identity/email.js';
import type { IdTokenInput } from '../identity/id-tokens.js';

/** The body of `POST /__emulator/id-token`. */
export interface MintIdTokenBody {
  email: string;
  name?: string;
  emailVerified?: boolean;
  audience?: string;
  expiresInSeconds?: number;
  nonce?: string;
}

/** A checked request, or the first problem in Google's wording. */
export type MintIdTokenCheck = { ok: true; input: IdTokenInput } | { ok: false; message: string };

// Ten years either way: enough for any test, and it keeps exp a sane number.
const MAX_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;

/** Checks the control API's body; the messages name the field, as Google's INVALID_ARGUMENT messages do. */
export function checkMintIdTokenBody(body: unknown): MintIdTokenCheck {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Request body must be a JSON object.' };
  }
  const fields = body as Record<string, unknown>;

  if (typeof fields.email !== 'string') return invalid('email', 'a string is required');
  const email = normalizeEmail(fields.email);
  if (!isValidEmail(email)) return invalid('email', 'must be a valid email address');

  let name = displayNameFromEmail(email);
  if (fields.name !== undefined) {
    if (typeof fields.name !== 'string') return invalid('name', 'must be a string');
    name = normalizeName(fields.name);
    if (name === '' || name.length > MAX_NAME_LENGTH) {
      return invalid('name', `must be 1 to ${MAX_NAME_LENGTH} characters`);
    }
  }
  if (fields.emailVerified !== undefined && typeof fields.emailVerified !== 'boolean') {
    return invalid('emailVerified', 'must be a boolean');
  }
  if (fields.audience !== undefined && (typeof fields.audience !== 'string' || fields.audience === '')) {
    return invalid('audience', 'must be a non-empty string');
  }
  const lifetime = fields.expiresInSeconds;
  if (
    lifetime !== undefined &&
    (typeof lifetime !== 'number' || !Number.isInteger(lifetime) || Math.abs(lifetime) > MAX_LIFETIME_SECONDS)
  ) {
    return invalid(
      'expiresInSeconds',
      `must be an integer between -${MAX_LIFETIME_SECONDS} and ${MAX_LIFETIME_SECONDS}`,
    );
  }
  if (fields.nonce !== undefined && typeof fields.nonce !== 'string')
    return invalid('nonce', 'must be a string');

  return {
    ok: true,
    input: {
      email,
      name,
      ...(typeof fields.emailVerified === 'boolean' ? { emailVerified: fields.emailVerified } : {}),
      ...(typeof fields.audience === 'string' ? { audience: fields.audience } : {}),
      ...(typeof lifetime === 'number' ? { expiresInSeconds: lifetime } : {}),
      ...(typeof fields.nonce === 'string' ? { nonce: fields.nonce } : {}),
    },
  };
}

function invalid(field: string, problem: string): MintIdTokenCheck {
  return { ok: false, message: `Invalid value at '${field}': ${problem}.` };
}
