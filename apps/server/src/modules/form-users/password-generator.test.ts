import { GENERATED_PASSWORD_ALPHABET } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { generatePassword, hasEveryCharacterClass } from './password-generator.js';

describe('generatePassword', () => {
  const samples = Array.from({ length: 5000 }, () => generatePassword());

  it('answers 10 characters, all from the alphabet of letters, digits and !@#$%^&*', () => {
    for (const password of samples) {
      expect(password).toHaveLength(10);
      for (const char of password) expect(GENERATED_PASSWORD_ALPHABET).toContain(char);
    }
  });

  it('always has a letter, a digit and a symbol', () => {
    for (const password of samples) {
      expect(password).toMatch(/[A-Za-z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[!@#$%^&*]/);
    }
  });

  it('uses every character of the alphabet and does not repeat passwords', () => {
    expect(new Set(samples.join('')).size).toBe(GENERATED_PASSWORD_ALPHABET.length);
    expect(new Set(samples).size).toBe(samples.length);
  });

  it('draws again until every class is present', () => {
    // A scripted source: first ten letters only (rejected), then letters, a digit and a symbol.
    const a = GENERATED_PASSWORD_ALPHABET.indexOf('a');
    const seven = GENERATED_PASSWORD_ALPHABET.indexOf('7');
    const bang = GENERATED_PASSWORD_ALPHABET.indexOf('!');
    const draws = [...Array(10).fill(a), ...Array(8).fill(a), seven, bang];
    let calls = 0;
    const password = generatePassword((max) => {
      expect(max).toBe(GENERATED_PASSWORD_ALPHABET.length);
      return draws[calls++] ?? 0;
    });
    expect(password).toBe('aaaaaaaa7!');
    expect(calls).toBe(20);
  });
});

describe('hasEveryCharacterClass', () => {
  it('needs a letter, a digit and a symbol', () => {
    expect(hasEveryCharacterClass('aaaaaaaa7!')).toBe(true);
    expect(hasEveryCharacterClass('aaaaaaaaa!')).toBe(false);
    expect(hasEveryCharacterClass('aaaaaaaaa7')).toBe(false);
    expect(hasEveryCharacterClass('11111111&!')).toBe(false);
  });
});
