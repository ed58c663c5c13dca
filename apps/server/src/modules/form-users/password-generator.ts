import { randomInt } from 'node:crypto';
import { GENERATED_PASSWORD_ALPHABET, GENERATED_PASSWORD_LENGTH } from '@sheetforms/contract';

const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const SYMBOL = /[^A-Za-z0-9]/;

/** Whether a password has a letter, a digit and a symbol. */
export function hasEveryCharacterClass(password: string): boolean {
  return LETTER.test(password) && DIGIT.test(password) && SYMBOL.test(password);
}

/**
 * A password for an authorized form user: 10 characters drawn uniformly from letters, digits and
 * !@#$%^&* (spec 001 section 9) with the system's CSPRNG, with at least one letter, one digit and one
 * symbol. Candidates missing a class are drawn again (about half are kept), which keeps every valid
 * password equally likely, unlike forcing characters into fixed positions.
 */
export function generatePassword(random: (max: number) => number = randomInt): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) {
      password += GENERATED_PASSWORD_ALPHABET[random(GENERATED_PASSWORD_ALPHABET.length)];
    }
    if (hasEveryCharacterClass(password)) return password;
  }
}
