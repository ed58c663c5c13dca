import { randomBytes } from 'node:crypto';

/** Length of a public form id: 9 random bytes (72 bits) in base64url are exactly 12 characters. */
export const FORM_ID_LENGTH = 12;

/** A public form id: 12 URL-safe characters ([A-Za-z0-9_-]) from the system's CSPRNG. */
export function generateFormId(): string {
  return randomBytes(9).toString('base64url');
}
