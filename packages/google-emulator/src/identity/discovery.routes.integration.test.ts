import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import { makeTempDataDir, removeDataDir } from '../testing/emulator-test-kit.js';

describe('discovery, keys and unknown paths', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  it('serves a Google-shaped discovery document for its own issuer', async () => {
    const reply = await fetch(`${emulator.url}/.well-known/openid-configuration`);
    expect(reply.status).toBe(200);
    expect(emulator.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__google$/);
    expect(await reply.json()).toMatchObject({
      issuer: emulator.issuer,
      authorization_endpoint: `${emulator.issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${emulator.issuer}/token`,
      jwks_uri: `${emulator.issuer}/oauth2/v3/certs`,
      response_types_supported: ['id_token', 'token', 'id_token token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: expect.arrayContaining([
        'sub',
        'email',
        'email_verified',
        'name',
        'iss',
        'aud',
        'exp',
      ]),
    });
  });

  it('publishes one RS256 public key with a kid and a cache lifetime', async () => {
    const reply = await fetch(`${emulator.url}/oauth2/v3/certs`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const { keys } = (await reply.json()) as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toEqual({
      kty: 'RSA',
      n: expect.stringMatching(/^[A-Za-z0-9_-]{300,}$/),
      e: 'AQAB',
      alg: 'RS256',
      use: 'sig',
      kid: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  it('answers the reserved token endpoint with unsupported_grant_type', async () => {
    const reply = await fetch(`${emulator.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=authorization_code&code=x',
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers unknown paths under the prefix with Google’s NOT_FOUND envelope', async () => {
    const reply = await fetch(`${emulator.url}/v4/nothing-here?x=1`);
    expect(reply.status).toBe(404);
    expect(await reply.json()).toEqual({
      error: {
        code: 404,
        message: 'The requested URL /__google/v4/nothing-here was not found on this server.',
        status: 'NOT_FOUND',
      },
    });
  });
});

describe('a standalone emulator behind another URL', () => {
  it('uses {publicUrl}/__google as its issuer', async () => {
    const dataDir = await makeTempDataDir();
    const emulator = await startStandaloneEmulator({
      port: 0,
      dataDir,
      publicUrl: 'http://emulator.test:9999/',
    });
    try {
      expect(emulator.issuer).toBe('http://emulator.test:9999/__google');
      expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/__google$/);
      const discovery = await (await fetch(`${emulator.url}/.well-known/openid-configuration`)).json();
      expect(discovery).toMatchObject({
        issuer: 'http://emulator.test:9999/__google',
        jwks_uri: 'http://emulator.test:9999/__google/oauth2/v3/certs',
      });
    } finally {
      await emulator.close();
      await removeDataDir(dataDir);
    }
  });
});
