// The WHATWG "valid e-mail address" rule (what <input type="email"> accepts), plus a dot in the domain,
// because Google accounts never live on a dotless host such as `localhost`.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** Google reports addresses in lower case, and the same person must not become two accounts by case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether `email` (already normalized) is an address Google could have an account for. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** Collapses whitespace and drops control characters, so a name renders and splits predictably. */
export function normalizeName(name: string): string {
  return name
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The longest display name accepted; longer ones are typos or pastes, and break the chooser's layout. */
export const MAX_NAME_LENGTH = 100;

/** A readable name for callers that give only an email: `ada.lovelace@…` becomes `Ada Lovelace`. */
export function displayNameFromEmail(email: string): string {
  const localPart = email.split('@')[0] ?? email;
  const words = localPart.split(/[._+-]+/).filter((word) => word.length > 0);
  if (words.length === 0) return email;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/** Google's given_name / family_name: the first word, and the rest (absent for one-word names). */
export function splitName(name: string): { givenName: string; familyName?: string } {
  const [givenName = name, ...rest] = name.split(' ');
  return rest.length > 0 ? { givenName, familyName: rest.join(' ') } : { givenName };
}
