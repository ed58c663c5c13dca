import { beforeEach, describe, expect, it } from 'vitest';
import { readStoredAccount } from './session';

describe('readStoredAccount', () => {
  beforeEach(() => localStorage.clear());

  it('is the stored user when an access token is stored too (spec 000 section 4)', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'User' }),
    );
    expect(readStoredAccount()).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('is null without a token, without a user, or with an unreadable user', () => {
    localStorage.setItem('user', JSON.stringify({ name: 'Ada', email: 'ada@example.com' }));
    expect(readStoredAccount()).toBeNull();
    localStorage.setItem('accessToken', 'a');
    for (const raw of ['{', 'null', '"ada"', '{"name":"Ada"}', '{"email":""}']) {
      localStorage.setItem('user', raw);
      expect(readStoredAccount(), raw).toBeNull();
    }
    localStorage.removeItem('user');
    expect(readStoredAccount()).toBeNull();
  });

  it('keeps an account without a name (the bar shows the email)', () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('user', JSON.stringify({ email: 'ada@example.com', name: 42 }));
    expect(readStoredAccount()).toEqual({ name: '', email: 'ada@example.com' });
  });
});
