import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * `Algorithm` is an ambient const enum in @node-rs/argon2's types, which verbatimModuleSyntax cannot
 * read (and its runtime object is empty), so the value is spelled out: Argon2id = 2.
 */
const ARGON2ID = 2 as Algorithm;

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`), the library's OWASP-level defaults. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

/** False for a wrong password and for a malformed hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const argon2idHasher: PasswordHasher = { hash: hashPassword, verify: verifyPassword };
