import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { createRevokedTokensRepository } from './revoked-tokens.repository.js';

describeEachDialect('logged-out access tokens', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const logout = (accessToken: string | undefined, refreshToken?: string) =>
    t.request('POST', '/api/v1/auth/logout', {
      ...(accessToken ? { token: accessToken } : {}),
      body: refreshToken ? { refreshToken } : {},
    });

  it('refuses (401) the access token a logout was sent with, on every owner route', async () => {
    const session = await t.signIn('leaving@example.com');
    expect((await t.request('GET', '/api/v1/auth/profile', { token: session.accessToken })).status).toBe(200);

    expect((await logout(session.accessToken, session.refreshToken)).status).toBe(200);

    const profile = await t.request('GET', '/api/v1/auth/profile', { token: session.accessToken });
    expect(profile.status).toBe(401);
    expect(profile.body).toMatchObject({
      code: 'TOKEN_REVOKED',
      detail: 'Your session has ended. Please sign in again.',
    });
    expect((await t.request('GET', '/api/v1/forms', { token: session.accessToken })).status).toBe(401);
    // Logging out again with the same tokens is still fine (the client always ends its session).
    expect((await logout(session.accessToken, session.refreshToken)).status).toBe(200);
  });

  it("leaves the user's other sessions alone", async () => {
    const phone = await t.signIn('two-devices@example.com');
    const laptop = await t.signIn('two-devices@example.com');
    expect((await logout(phone.accessToken, phone.refreshToken)).status).toBe(200);
    expect((await t.request('GET', '/api/v1/auth/profile', { token: phone.accessToken })).status).toBe(401);
    expect((await t.request('GET', '/api/v1/auth/profile', { token: laptop.accessToken })).status).toBe(200);
  });

  it('is refused by another instance on the same database too', async () => {
    const session = await t.signIn('elsewhere@example.com');
    const other = await buildApp(t.config, { database: t.database });
    try {
      const before = await other.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile',
        headers: { authorization: `Bearer ${session.accessToken}` },
      });
      expect(before.statusCode).toBe(200);
      // Logged out on this instance, after the other one has just seen the token as valid: the other
      // instance's cache holds that answer for a few seconds at most (5 s by default).
      expect((await logout(session.accessToken, session.refreshToken)).status).toBe(200);
      const fresh = await t.signIn('elsewhere@example.com');
      expect((await logout(fresh.accessToken)).status).toBe(200);
      const after = await other.app.inject({
        method: 'GET',
        url: '/api/v1/auth/profile',
        headers: { authorization: `Bearer ${fresh.accessToken}` },
      });
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe('TOKEN_REVOKED');
    } finally {
      await other.app.close();
    }
  });

  it('a logout without an access token, or with a broken one, still ends the refresh session', async () => {
    const session = await t.signIn('no-header@example.com');
    expect((await logout('not.a.jwt', session.refreshToken)).status).toBe(200);
    const refresh = await t.request('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // The access token was not sent, so it runs out on its own.
    expect((await t.request('GET', '/api/v1/auth/profile', { token: session.accessToken })).status).toBe(200);
  });

  it('stores only the token id and expiry, and purges entries whose tokens have expired', async () => {
    const session = await t.signIn('stored@example.com');
    await logout(session.accessToken, session.refreshToken);
    const payload = JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString());
    const row = await t.database.db
      .selectFrom('revoked_access_tokens')
      .selectAll()
      .where('jti', '=', payload.jti)
      .executeTakeFirst();
    expect(row).toEqual({ jti: payload.jti, expires_at: new Date(payload.exp * 1000).toISOString() });

    const repository = createRevokedTokensRepository(t.database.db);
    await repository.insert('expired-one', '2020-01-01T00:00:00.000Z');
    await repository.insert('expired-one', '2020-01-01T00:00:00.000Z');
    expect(await repository.exists('expired-one')).toBe(true);
    expect(await repository.deleteExpired(new Date().toISOString())).toBe(1);
    expect(await repository.exists('expired-one')).toBe(false);
    expect(await repository.exists(payload.jti)).toBe(true);
  });
});
