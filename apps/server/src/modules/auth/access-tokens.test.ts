import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from './access-tokens.js';
import { generateRefreshToken, hashRefreshToken } from './refresh-tokens.js';

const SECRET = 'a'.repeat(40);

describe('AccessTokens', () => {
  it('issues a token that verifies with its claims', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const tokens = new AccessTokens(SECRET, 900, () => now);
    const token = await tokens.issue({ userId: 'u1', role: 'Admin' });
    expect(await tokens.verify(token)).toEqual({
      ok: true,
      claims: { userId: 'u1', role: 'Admin' },
      token: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), expiresAt: new Date('2026-01-01T00:15:00Z') },
    });
  });

  it('gives every token its own id (jti), what a logout lists', async () => {
    const tokens = new AccessTokens(SECRET, 900);
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const check = await tokens.verify(await tokens.issue({ userId: 'u1', role: 'User' }));
      if (check.ok) ids.add(check.token.id);
    }
    expect(ids.size).toBe(5);
  });

  it('refuses a correctly signed access token without an id, which no logout could end', async () => {
    const key = new TextEncoder().encode(SECRET);
    const noId = await new SignJWT({ role: 'User', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('sheetforms')
      .setAudience('sheetforms-api')
      .setExpirationTime('1h')
      .sign(key);
    expect(await new AccessTokens(SECRET, 900).verify(noId)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('expires after its time to live', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const tokens = new AccessTokens(SECRET, 900, () => now);
    const token = await tokens.issue({ userId: 'u1', role: 'User' });
    now = new Date('2026-01-01T00:14:59Z');
    expect((await tokens.verify(token)).ok).toBe(true);
    now = new Date('2026-01-01T00:15:01Z');
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects tokens signed with another secret, and tampered tokens', async () => {
    const mine = new AccessTokens(SECRET, 900);
    const theirs = new AccessTokens('b'.repeat(40), 900);
    const foreign = await theirs.issue({ userId: 'u1', role: 'Admin' });
    expect(await mine.verify(foreign)).toEqual({ ok: false, reason: 'invalid' });
    const token = await mine.issue({ userId: 'u1', role: 'User' });
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'u1', role: 'Admin', typ: 'access' })).toString(
      'base64url',
    );
    expect(await mine.verify(`${header}.${payload}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a correctly signed token that is not an access token', async () => {
    const key = new TextEncoder().encode(SECRET);
    const other = await new SignJWT({ role: 'Admin', typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('sheetforms')
      .setAudience('sheetforms-api')
      .setExpirationTime('1h')
      .sign(key);
    expect(await new AccessTokens(SECRET, 900).verify(other)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('refresh tokens', () => {
  it('are long, random and stored only as a SHA-256 hash', () => {
    const a = generateRefreshToken();
    const b = generateRefreshToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashRefreshToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(a)).toBe(hashRefreshToken(a));
  });
});
