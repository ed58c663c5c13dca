import { UpdateProfileBodySchema } from '@sheetforms/contract';

export const PROFILE_TEXTS = {
  title: 'Profile',
  description: 'Your account on SheetForms.',
  loading: 'Loading profile...',
  loadFailed: 'Failed to load your profile.',
  retry: 'Try again',
  account: 'Account',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  memberSince: 'Member since',
  save: 'Save',
  password: 'Password',
  googleAccountLink: 'Open your Google Account',
} as const;

/** The contract's rule for a name ('Name is required', at most 100 characters), or undefined when fine. */
export function nameError(name: string): string | undefined {
  const result = UpdateProfileBodySchema.safeParse({ name });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** "1 March 2025" in the reader's locale; '' when unknown. */
export function formatMemberSince(iso: string | undefined, locale?: string, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', ...(timeZone ? { timeZone } : {}) }).format(
    date,
  );
}
