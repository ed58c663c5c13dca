import { isValidEmail, MAX_NAME_LENGTH, normalizeEmail, normalizeName } from './email.js';

/** The account the person chose or typed on the chooser. */
export interface AccountChoice {
  email: string;
  name: string;
}

/** Per-field messages for the "Use another account" form. */
export interface AccountChoiceErrors {
  name?: string;
  email?: string;
}

/** The result of checking the chooser's submitted account; on failure the typed values are kept for redisplay. */
export type AccountChoiceCheck =
  | { ok: true; account: AccountChoice }
  | { ok: false; errors: AccountChoiceErrors; values: { name: string; email: string } };

/** Checks the name and email posted by the chooser. The browser checks too, but only this check counts. */
export function checkAccountChoice(body: unknown): AccountChoiceCheck {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const rawName = typeof fields.name === 'string' ? fields.name : '';
  const rawEmail = typeof fields.email === 'string' ? fields.email : '';
  const name = normalizeName(rawName);
  const email = normalizeEmail(rawEmail);

  const errors: AccountChoiceErrors = {};
  if (name === '') errors.name = 'Enter your name';
  else if (name.length > MAX_NAME_LENGTH)
    errors.name = `Use ${MAX_NAME_LENGTH} characters or fewer for your name`;
  if (email === '') errors.email = 'Enter an email address';
  else if (!isValidEmail(email)) errors.email = 'Enter a valid email address, like name@example.com';

  if (errors.name || errors.email) return { ok: false, errors, values: { name: rawName, email: rawEmail } };
  return { ok: true, account: { email, name } };
}
