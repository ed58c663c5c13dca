import { createHash } from 'node:crypto';

const TWENTY_DIGITS = 10n ** 20n;

/**
 * The `sub` claim for an email: 21 decimal digits starting with 1, like Google's account ids.
 * It is a hash of the normalized email, so it is stable across restarts and even across wiped data dirs,
 * which lets the app key users on `sub` exactly as it must with Google.
 */
export function subjectIdForEmail(normalizedEmail: string): string {
  const digest = createHash('sha256').update(`sheetforms-google-emulator:${normalizedEmail}`).digest('hex');
  const number = BigInt(`0x${digest}`) % TWENTY_DIGITS;
  return `1${number.toString().padStart(20, '0')}`;
}
