import http from 'node:http';
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_CLIENT_ID } from '../emulator-options.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import { makeTempDataDir, removeDataDir } from '../testing/emulator-test-kit.js';

describe('POST /__emulator/id-token', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let jwks: ReturnType<typeof createRemoteJWKSet>;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    jwks = createRemoteJWKSet(new URL(`${emulator.url}/oauth2/v3/certs`));
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  function mint(body: unknown, contentType = 'application/json') {
    return fetch(`${emulator.url}/__emulator/id-token`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function mintToken(body: Record<string, unknown>): Promise<string> {
    const reply = await mint(body);
    expect(reply.status).toBe(200);
    const { idToken } = (await reply.json()) as { idToken: string };
    return idToken;
  }

  it('mints a token that verifies against the JWKS with Google’s claims', async () => {
    const idToken = await mintToken({
      email: 'Ada.Lovelace@Example.com',
      name: 'Ada King Lovelace',
      nonce: 'n-1',
    });
    const { payload, protectedHeader } = await jwtVerify(idToken, jwks, {
      issuer: emulator.issuer,
      audience: DEFAULT_LOCAL_CLIENT_ID,
      algorithms: ['RS256'],
    });
    const { keys } = (await (await fetch(`${emulator.url}/oauth2/v3/certs`)).json()) as {
      keys: Array<{ kid: string }>;
    };
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: keys[0]?.kid, typ: 'JWT' });
    expect(payload).toEqual({
      iss: emulator.issuer,
      azp: DEFAULT_LOCAL_CLIENT_ID,
      aud: DEFAULT_LOCAL_CLIENT_ID,
      sub: expect.stringMatching(/^1\d{20}$/),
      email: 'ada.lovelace@example.com',
      email_verified: true,
      nonce: 'n-1',
      name: 'Ada King Lovelace',
      given_name: 'Ada',
      family_name: 'King Lovelace',
      iat: expect.any(Number),
      exp: (payload.iat ?? 0) + 3600,
    });
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('gives the same email the same sub, whatever its case, and another email another sub', async () => {
    const subOf = async (email: string) => (await jwtVerify(await mintToken({ email }), jwks)).payload.sub;
    const first = await subOf('grace@example.com');
    expect(await subOf('GRACE@example.com')).toBe(first);
    expect(await subOf('grace@example.org')).not.toBe(first);
  });

  it('derives a name from the email when none is given', async () => {
    const { payload } = await jwtVerify(await mintToken({ email: 'grace.hopper@example.com' }), jwks);
    expect(payload).toMatchObject({ name: 'Grace Hopper', given_name: 'Grace', family_name: 'Hopper' });
  });

  it('honours audience and emailVerified', async () => {
    const idToken = await mintToken({
      email: 'x@example.com',
      audience: 'other-client',
      emailVerified: false,
    });
    const { payload } = await jwtVerify(idToken, jwks, { audience: 'other-client' });
    expect(payload).toMatchObject({ aud: 'other-client', azp: 'other-client', email_verified: false });
    await expect(jwtVerify(idToken, jwks, { audience: DEFAULT_LOCAL_CLIENT_ID })).rejects.toThrow(
      errors.JWTClaimValidationFailed,
    );
  });

  it('mints already expired tokens for negative lifetimes', async () => {
    const idToken = await mintToken({ email: 'x@example.com', expiresInSeconds: -60 });
    expect(decodeProtectedHeader(idToken).alg).toBe('RS256');
    await expect(jwtVerify(idToken, jwks, { issuer: emulator.issuer })).rejects.toThrow(errors.JWTExpired);
  });

  it.each([
    [{ email: 'not-an-email' }, "Invalid value at 'email': must be a valid email address."],
    [{}, "Invalid value at 'email': a string is required."],
    [{ email: 'a@example.com', name: '' }, "Invalid value at 'name': must be 1 to 100 characters."],
    [
      { email: 'a@example.com', emailVerified: 'yes' },
      "Invalid value at 'emailVerified': must be a boolean.",
    ],
    [{ email: 'a@example.com', audience: '' }, "Invalid value at 'audience': must be a non-empty string."],
    [{ email: 'a@example.com', expiresInSeconds: 1.5 }, expect.stringContaining("'expiresInSeconds'")],
    [{ email: 'a@example.com', nonce: 5 }, "Invalid value at 'nonce': must be a string."],
    [[], 'Request body must be a JSON object.'],
  ])('refuses %j with INVALID_ARGUMENT', async (body, message) => {
    const reply = await mint(body);
    expect(reply.status).toBe(400);
    expect(await reply.json()).toEqual({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
  });

  it('answers malformed JSON in the same envelope', async () => {
    const reply = await mint('{"email":');
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });
});

describe('the control API switched off', () => {
  it('is not there', async () => {
    const dataDir = await makeTempDataDir();
    const emulator = await startStandaloneEmulator({ port: 0, dataDir, enableControlApi: false });
    try {
      const reply = await fetch(`${emulator.url}/__emulator/id-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com' }),
      });
      expect(reply.status).toBe(404);
      expect(await reply.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
    } finally {
      await emulator.close();
      await removeDataDir(dataDir);
    }
  });
});

describe('the control API and other sites', () => {
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

  const faults = () =>
    fetch(`${emulator.url}/__emulator/faults`).then(
      (r) => r.json() as Promise<{ faults: Record<string, unknown> }>,
    );
  const setFaults = (headers: Record<string, string>, body?: string) =>
    fetch(`${emulator.url}/__emulator/faults`, { method: 'PUT', headers, body });
  const clearFaults = (headers: Record<string, string>) =>
    fetch(`${emulator.url}/__emulator/faults`, { method: 'DELETE', headers });

  it('refuses a state-changing call from a page on another site, and changes nothing', async () => {
    expect((await setFaults({ 'content-type': 'application/json' }, '{"latencyMs":7}')).status).toBe(200);
    const before = await faults();
    for (const origin of ['https://evil.example', 'null', `http://localhost.evil.example`]) {
      const reply = await clearFaults({ origin });
      expect(reply.status).toBe(403);
      expect(await reply.json()).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    }
    // The reset a hostile page would send as a form post.
    const reset = await fetch(`${emulator.url}/__emulator/reset`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(reset.status).toBe(403);
    expect(await faults()).toEqual(before);
  });

  it('refuses bodies that are not JSON (what a cross-site form or beacon sends), even without an Origin', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const reply = await setFaults({ 'content-type': contentType }, '{"latencyMs":9}');
      expect(reply.status).toBe(415);
    }
    expect((await faults()).faults).not.toMatchObject({ latencyMs: 9 });
  });

  it('takes calls from its own origin, and from tools that send no Origin', async () => {
    const host = new URL(emulator.url).host;
    expect(
      (await setFaults({ origin: `http://${host}`, 'content-type': 'application/json' }, '{"latencyMs":3}'))
        .status,
    ).toBe(200);
    expect((await clearFaults({})).status).toBe(200);
    // Reads are not guarded (a browser never lets another site read the reply anyway).
    expect(
      (await fetch(`${emulator.url}/__emulator/faults`, { headers: { origin: 'https://evil.example' } }))
        .status,
    ).toBe(200);
  });
});

/** A POST with the given Host and Origin (fetch always sends the URL's own Host, so node:http it is). */
function postWithHost(url: string, headers: { host: string; origin: string }, body: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('the control API and DNS rebinding', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    // As the app mounts it: the issuer names the public URL, not the address it listens on.
    emulator = await startStandaloneEmulator({
      port: 0,
      dataDir,
      seed: false,
      publicUrl: 'http://localhost:5173',
    });
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  it('refuses a page whose Origin and Host both name a site rebound to this machine', async () => {
    const port = new URL(emulator.url).port;
    const reply = await postWithHost(
      `${emulator.url}/__emulator/id-token`,
      { host: `rebind.attacker.example:${port}`, origin: `http://rebind.attacker.example:${port}` },
      '{"email":"admin@example.com"}',
    );
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain('idToken');
  });

  it('takes calls from the page of its public URL, whatever Host a proxy forwards', async () => {
    const reply = await postWithHost(
      `${emulator.url}/__emulator/id-token`,
      { host: new URL(emulator.url).host, origin: 'http://localhost:5173' },
      '{"email":"ada@example.com"}',
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ idToken: expect.any(String) });
  });
});
