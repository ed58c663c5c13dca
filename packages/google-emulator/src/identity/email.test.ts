import { describe, expect, it } from 'vitest';
import { displayNameFromEmail, isValidEmail, normalizeEmail, normalizeName, splitName } from './email.js';

describe('email and name helpers', () => {
  it.each(['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.ie"])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@localhost',
    'a b@example.com',
    'ada@exa mple.com',
    'ada@-x.com',
  ])('refuses %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses addresses longer than 254 characters', () => {
    const label = 'b'.repeat(63);
    expect(isValidEmail(`${'a'.repeat(64)}@${label}.${label}.${label}.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(64)}@${label}.${label}.com`)).toBe(true);
  });

  it('normalizes case and spaces', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalizeName('  Ada \t\n Lovelace\u0007 ')).toBe('Ada Lovelace');
  });

  it('derives a display name from the local part', () => {
    expect(displayNameFromEmail('ada.lovelace@example.com')).toBe('Ada Lovelace');
    expect(displayNameFromEmail('grace_hopper+test@example.com')).toBe('Grace Hopper Test');
  });

  it('splits names into given and family names like Google', () => {
    expect(splitName('Ada King Lovelace')).toEqual({ givenName: 'Ada', familyName: 'King Lovelace' });
    expect(splitName('Cher')).toEqual({ givenName: 'Cher' });
  });
});
