// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatMemberSince, nameError } from './profile';

describe('profile logic', () => {
  it("checks the name with the contract's rule", () => {
    expect(nameError('Ada')).toBeUndefined();
    expect(nameError('   ')).toBe('Name is required');
    expect(nameError('n'.repeat(101))).toBe('Name must be at most 100 characters');
  });

  it("formats 'member since' as a date, and nothing when unknown", () => {
    expect(formatMemberSince('2025-03-01T23:30:00.000Z', 'en-GB', 'UTC')).toBe('1 March 2025');
    expect(formatMemberSince(undefined)).toBe('');
    expect(formatMemberSince('nonsense')).toBe('');
  });
});
