import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hashing.js';

describe('password hashing', () => {
  it('hashes with argon2id and a fresh salt each time', async () => {
    const a = await hashPassword('Secret#123');
    const b = await hashPassword('Secret#123');
    expect(a).toMatch(/^\$argon2id\$v=19\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Secret#123');
  });

  it('verifies the right password only, and answers false for a malformed hash', async () => {
    const hash = await hashPassword('Secret#123');
    expect(await verifyPassword(hash, 'Secret#123')).toBe(true);
    expect(await verifyPassword(hash, 'Secret#124')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'Secret#123')).toBe(false);
  });
});
