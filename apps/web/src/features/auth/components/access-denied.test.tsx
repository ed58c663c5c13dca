import { describe, expect, it } from 'vitest';
import { requiredRolesText } from './access-denied';

describe('requiredRolesText', () => {
  it('names one role or lists several', () => {
    expect(requiredRolesText(['Admin'])).toBe('Required role: Admin');
    expect(requiredRolesText(['Admin', 'User'])).toBe('Required roles: Admin, User');
  });
});
