import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/dialects.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

describeEachDialect('auth API', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { ADMIN_EMAILS: 'boss@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with a valid emulator ID token: first user is Admin, and the profile answers', async () => {
    const idToken = await t.mintIdToken({ email: 'First@Example.com', name: 'First Owner' });
    const res = await t.request('POST', '/api/v1/auth/google', { body: { idToken } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Google sign-in successful');
    expect(res.body.data.user).toMatchObject({
      email: 'first@example.com',
      name: 'First Owner',
      role: 'Admin',
    });
    expect(res.body.data.accessToken).toMatch(/^ey/);
    expect(res.body.data.refreshToken.length).toBeGreaterThanOrEqual(40);

    const profile = await t.request('GET', '/api/v1/auth/profile', { token: res.body.data.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toEqual(res.body.data.user);
  });

  it('makes later users plain Users, and ADMIN_EMAILS Admins', async () => {
    const plain = await t.signIn('plain@example.com', 'Plain');
    expect(plain.user.role).toBe('User');
    const boss = await t.signIn('boss@example.com', 'Boss');
    expect(boss.user.role).toBe('Admin');
  });

  it('keeps one account per Google subject across sign-ins', async () => {
    const a = await t.signIn('again@example.com', 'Again');
    const b = await t.signIn('again@example.com', 'Again');
    expect(b.user.id).toBe(a.user.id);
  });

  it('stores refresh tokens hashed, never as given', async () => {
    const session = await t.signIn('hashed@example.com');
    const rows = await t.database.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).not.toContain(session.refreshToken);
  });

  it('rejects a token signed by another key (forged)', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwk = await exportJWK(publicKey);
    const certs = (await (await fetch(`${t.emulatorUrl}/oauth2/v3/certs`)).json()) as {
      keys: Array<{ kid?: string }>;
    };
    const forged = await new SignJWT({ email: 'evil@example.com', email_verified: true, name: 'Evil' })
      .setProtectedHeader({ alg: 'RS256', kid: certs.keys[0]?.kid ?? jwk.kid })
      .setIssuer(t.config.google.issuers[0] ?? '')
      .setAudience(t.config.google.clientId)
      .setSubject('123')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const res = await t.request('POST', '/api/v1/auth/google', { body: { idToken: forged } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      code: 'INVALID_ID_TOKEN',
      detail: 'Google sign-in could not be verified',
    });
  });

  it('rejects expired, wrong-audience, unverified and garbage tokens with 401', async () => {
    const expired = await t.mintIdToken({ email: 'late@example.com', expiresInSeconds: -300 });
    const wrongAudience = await t.mintIdToken({
      email: 'aud@example.com',
      audience: 'someone-else.apps.googleusercontent.com',
    });
    const unverified = await t.mintIdToken({ email: 'unv@example.com', emailVerified: false });
    const cases = [
      [expired, 'Your Google sign-in has expired. Please sign in again.'],
      [wrongAudience, 'Google sign-in could not be verified'],
      [unverified, 'Your Google account email is not verified'],
      ['not-a-jwt', 'Google sign-in could not be verified'],
    ] as const;
    for (const [idToken, detail] of cases) {
      const res = await t.request('POST', '/api/v1/auth/google', { body: { idToken } });
      expect(res.status, detail).toBe(401);
      expect(res.body.detail).toBe(detail);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });

  it('rotates refresh tokens, and a reused token revokes the whole family', async () => {
    const session = await t.signIn('rotate@example.com');
    const first = await t.request('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(first.status).toBe(200);
    const second = first.body.data.refreshToken as string;
    expect(second).not.toBe(session.refreshToken);
    expect(
      (await t.request('GET', '/api/v1/auth/profile', { token: first.body.data.accessToken })).status,
    ).toBe(200);

    // The old token again: that is reuse. It fails, and so does the newest token of the family.
    const reuse = await t.request('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('REFRESH_TOKEN_REUSED');
    const afterReuse = await t.request('POST', '/api/v1/auth/refresh', { body: { refreshToken: second } });
    expect(afterReuse.status).toBe(401);

    // Another sign-in's family is untouched.
    const other = await t.signIn('rotate@example.com');
    expect(
      (await t.request('POST', '/api/v1/auth/refresh', { body: { refreshToken: other.refreshToken } }))
        .status,
    ).toBe(200);
  });

  it('logout revokes the refresh token', async () => {
    const session = await t.signIn('bye@example.com');
    const res = await t.request('POST', '/api/v1/auth/logout', {
      token: session.accessToken,
      body: { refreshToken: session.refreshToken },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Logged out successfully');
    const refresh = await t.request('POST', '/api/v1/auth/refresh', {
      body: { refreshToken: session.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('updates the profile name, trimmed, and validates it', async () => {
    const session = await t.signIn('named@example.com', 'Old Name');
    const res = await t.request('PUT', '/api/v1/auth/profile', {
      token: session.accessToken,
      body: { name: '  New Name ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Profile updated successfully', data: { name: 'New Name' } });
    const empty = await t.request('PUT', '/api/v1/auth/profile', {
      token: session.accessToken,
      body: { name: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Name is required' });
  });

  it('answers 401 for missing, malformed and expired access tokens', async () => {
    expect((await t.request('GET', '/api/v1/auth/profile')).status).toBe(401);
    const bad = await t.request('GET', '/api/v1/auth/profile', { token: 'abc.def.ghi' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHORIZED');
  });
});
