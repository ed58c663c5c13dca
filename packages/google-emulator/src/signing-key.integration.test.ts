import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startStandaloneEmulator } from './standalone-server.js';
import { makeTempDataDir, removeDataDir } from './testing/emulator-test-kit.js';

async function mint(url: string, email: string): Promise<string> {
  const reply = await fetch(`${url}/__emulator/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return ((await reply.json()) as { idToken: string }).idToken;
}

describe('the signing key', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeTempDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it('survives a restart: a token minted before verifies against the JWKS after', async () => {
    const before = await startStandaloneEmulator({ port: 0, dataDir });
    const idToken = await mint(before.url, 'ada@example.com');
    const issuerBefore = before.issuer;
    await before.close();

    const after = await startStandaloneEmulator({ port: 0, dataDir });
    try {
      const jwks = createRemoteJWKSet(new URL(`${after.url}/oauth2/v3/certs`));
      const { payload } = await jwtVerify(idToken, jwks, { issuer: issuerBefore });
      expect(payload.email).toBe('ada@example.com');
    } finally {
      await after.close();
    }
  });

  it('is a new key in a new data directory', async () => {
    const otherDir = await makeTempDataDir();
    const first = await startStandaloneEmulator({ port: 0, dataDir });
    const second = await startStandaloneEmulator({ port: 0, dataDir: otherDir });
    try {
      const idToken = await mint(first.url, 'ada@example.com');
      const otherJwks = createRemoteJWKSet(new URL(`${second.url}/oauth2/v3/certs`));
      await expect(jwtVerify(idToken, otherJwks)).rejects.toThrow();
    } finally {
      await first.close();
      await second.close();
      await removeDataDir(otherDir);
    }
  });

  it('is stored as a private JWK readable only by its owner', async () => {
    const emulator = await startStandaloneEmulator({ port: 0, dataDir });
    await emulator.close();
    const file = path.join(dataDir, 'google-emulator', 'signing-key.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('refuses to start on a damaged key file, naming it', async () => {
    await (await startStandaloneEmulator({ port: 0, dataDir })).close();
    await writeFile(path.join(dataDir, 'google-emulator', 'signing-key.json'), '{"kty":"EC"}');
    await expect(startStandaloneEmulator({ port: 0, dataDir })).rejects.toThrow(
      /signing-key\.json is not an RSA/,
    );
  });
});
