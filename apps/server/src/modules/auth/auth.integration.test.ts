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

  const userRow = (id: string) =>
    t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const sessionsOf = async (userId: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('refresh_tokens')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signs in with a valid emulator ID token: the first user is no Admin with ADMIN_EMAILS set, and the profile answers', async () => {
    const idToken = await t.mintIdToken({ email: 'First@Example.com', name: 'First Owner' });
    const res = await t.request('POST', '/api/v1/auth/google', { body: { idToken } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Google sign-in successful');
    expect(res.body.data.user).toMatchObject({
      email: 'first@example.com',
      name: 'First Owner',
      role: 'User',
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

  it('refuses (409) a Google account whose email is held by an account of another subject', async () => {
    const victim = await t.signIn('victim@example.com', 'Victim');
    // The account is bound to the subject it first signed in with. Now the same email arrives in an
    // ID token with another subject: another Google account (e.g. an address that was reassigned).
    await t.database.db
      .updateTable('users')
      .set({ google_sub: 'victims-own-google-subject' })
      .where('id', '=', victim.user.id)
      .execute();
    const sessionsBefore = await sessionsOf(victim.user.id);

    const idToken = await t.mintIdToken({ email: 'victim@example.com', name: 'Attacker' });
    const res = await t.request('POST', '/api/v1/auth/google', { body: { idToken } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'ACCOUNT_CONFLICT',
      detail: 'This email belongs to another Google account. Sign in with that account.',
    });
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.stringify(res.body)).not.toMatch(/accessToken|refreshToken/);

    // Nothing changed: the subject is not overwritten, no session was started, the name is kept.
    const row = await userRow(victim.user.id);
    expect(row).toMatchObject({ google_sub: 'victims-own-google-subject', name: 'Victim' });
    expect(await sessionsOf(victim.user.id)).toBe(sessionsBefore);
    const holders = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'victim@example.com')
      .execute();
    expect(holders).toEqual([{ id: victim.user.id }]);
  });

  it('binds an account without a subject to the Google account that first signs in with its email', async () => {
    await t.database.db
      .insertInto('users')
      .values({
        id: 'legacy-user',
        google_sub: null,
        email: 'legacy@example.com',
        name: 'Legacy',
        role: 'User',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const idToken = await t.mintIdToken({ email: 'legacy@example.com', name: 'Legacy' });
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).sub;
    const first = await t.request('POST', '/api/v1/auth/google', { body: { idToken } });
    expect(first.status).toBe(200);
    expect(first.body.data.user.id).toBe('legacy-user');
    expect((await userRow('legacy-user'))?.google_sub).toBe(sub);
    // Bound now: the same Google account keeps signing in to it.
    expect((await t.signIn('legacy@example.com')).user.id).toBe('legacy-user');
  });

  it('refuses (409) a subject whose new email another account holds, changing neither account', async () => {
    const idToken = await t.mintIdToken({ email: 'moved@example.com' });
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()).sub;
    const at = '2026-01-01T00:00:00.000Z';
    const base = { role: 'User' as const, created_at: at, updated_at: at };
    // The Google account (sub) signed in before as old@; moved@ belongs to another Google account.
    await t.database.db
      .insertInto('users')
      .values([
        { ...base, id: 'mover', google_sub: sub, email: 'old@example.com', name: 'Mover' },
        { ...base, id: 'holder', google_sub: 'holders-subject', email: 'moved@example.com', name: 'Holder' },
      ])
      .execute();
    const res = await t.request('POST', '/api/v1/auth/google', { body: { idToken } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ACCOUNT_CONFLICT');
    expect(await userRow('mover')).toMatchObject({ google_sub: sub, email: 'old@example.com' });
    expect(await userRow('holder')).toMatchObject({
      google_sub: 'holders-subject',
      email: 'moved@example.com',
    });
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
