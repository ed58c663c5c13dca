// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { validateAddUser } from './add-user';

describe('validateAddUser', () => {
  it('accepts a name and an email', () => {
    expect(validateAddUser({ name: 'Jo', email: 'jo@example.com' })).toEqual({});
  });

  it('requires both', () => {
    expect(validateAddUser({ name: ' ', email: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
    });
  });

  it('needs a 2-character name and an email-shaped email', () => {
    expect(validateAddUser({ name: 'J', email: 'not-an-email' })).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Valid email is required',
    });
  });
});
