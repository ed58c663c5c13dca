import { PROFILE_MESSAGES } from '@sheetforms/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

describeEachDialect('profile', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the user with 'member since', on sign-in and from the profile", async () => {
    const session = await t.signIn('member@example.com', 'Member');
    const row = await t.database.db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(session.user).toMatchObject({ createdAt: row.created_at });
    const profile = await t.request('GET', '/api/v1/auth/profile', { token: session.accessToken });
    expect(profile.body.data).toMatchObject({ email: 'member@example.com', createdAt: row.created_at });
    // A later sign-in keeps the original date.
    expect((await t.signIn('member@example.com', 'Member')).user).toMatchObject({
      createdAt: row.created_at,
    });
  });

  it("changes the name with the spec's message, and refuses a blank one", async () => {
    const session = await t.signIn('renamed@example.com', 'Old Name');
    const reply = await t.request('PUT', '/api/v1/auth/profile', {
      token: session.accessToken,
      body: { name: '  New Name ' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(PROFILE_MESSAGES.updated);
    expect(reply.body.data).toMatchObject({ name: 'New Name', email: 'renamed@example.com' });
    expect(reply.body.data.createdAt).toEqual(expect.any(String));
    const profile = await t.request('GET', '/api/v1/auth/profile', { token: session.accessToken });
    expect(profile.body.data.name).toBe('New Name');

    const blank = await t.request('PUT', '/api/v1/auth/profile', {
      token: session.accessToken,
      body: { name: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe('Name is required');
    expect((await t.request('PUT', '/api/v1/auth/profile', { body: { name: 'X' } })).status).toBe(401);
  });

  it('answers a password change with 400: accounts sign in with Google', async () => {
    const session = await t.signIn('password@example.com', 'Password');
    for (const body of [{ currentPassword: 'a', newPassword: 'b' }, undefined]) {
      const reply = await t.request('PUT', '/api/v1/auth/change-password', {
        token: session.accessToken,
        body,
      });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        code: 'GOOGLE_ACCOUNT_PASSWORD',
        detail: PROFILE_MESSAGES.googlePassword,
      });
    }
    expect((await t.request('PUT', '/api/v1/auth/change-password', { body: {} })).status).toBe(401);
  });
});
