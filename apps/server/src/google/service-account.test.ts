import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { GoogleApiError } from './google-api-error.js';
import { createServiceAccountTokens, parseServiceAccountKey } from './service-account.js';

const TOKEN_URI = 'https://oauth2.example.test/token';
let keyJson: string;
let publicKey: Awaited<ReturnType<typeof generateKeyPair>>['publicKey'];

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  publicKey = pair.publicKey;
  keyJson = JSON.stringify({
    type: 'service_account',
    project_id: 'p',
    private_key_id: 'kid-1',
    private_key: await exportPKCS8(pair.privateKey),
    client_email: 'robot@p.iam.gserviceaccount.com',
    client_id: '1',
    token_uri: TOKEN_URI,
  });
});

/** A token endpoint that counts exchanges and answers token-1, token-2, … */
function fakeTokenEndpoint(reply: (n: number) => Response | undefined = () => undefined) {
  const assertions: string[] = [];
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    expect(String(input)).toBe(TOKEN_URI);
    const form = new URLSearchParams(String(init?.body));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    assertions.push(form.get('assertion') ?? '');
    const n = assertions.length;
    return reply(n) ?? Response.json({ access_token: `token-${n}`, expires_in: 3599, token_type: 'Bearer' });
  }) as typeof fetch;
  return { fetchFn, assertions };
}

describe('service-account tokens', () => {
  it('signs the jwt-bearer assertion as Google expects', async () => {
    const endpoint = fakeTokenEndpoint();
    const tokens = createServiceAccountTokens({
      source: { json: keyJson },
      timeoutMs: 1000,
      fetch: endpoint.fetchFn,
    });
    expect(await tokens.getAccessToken()).toBe('token-1');
    const assertion = endpoint.assertions[0]!;
    await jwtVerify(assertion, publicKey, { issuer: 'robot@p.iam.gserviceaccount.com', audience: TOKEN_URI });
    expect(decodeProtectedHeader(assertion)).toMatchObject({ alg: 'RS256', kid: 'kid-1' });
    const claims = decodeJwt(assertion);
    expect(claims.scope).toContain('https://www.googleapis.com/auth/spreadsheets');
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(await tokens.clientEmail()).toBe('robot@p.iam.gserviceaccount.com');
  });

  it('caches the token until a minute before expiry, and shares one exchange between concurrent callers', async () => {
    let now = 1_000_000;
    const endpoint = fakeTokenEndpoint();
    const tokens = createServiceAccountTokens({
      source: { json: keyJson },
      timeoutMs: 1000,
      fetch: endpoint.fetchFn,
      now: () => now,
    });
    const first = await Promise.all(Array.from({ length: 10 }, () => tokens.getAccessToken()));
    expect(new Set(first)).toEqual(new Set(['token-1']));
    now += 3599_000 - 61_000;
    expect(await tokens.getAccessToken()).toBe('token-1');
    now += 2_000;
    expect(await tokens.getAccessToken()).toBe('token-2');
    tokens.invalidate();
    expect(await tokens.getAccessToken()).toBe('token-3');
    expect(endpoint.assertions).toHaveLength(3);
  });

  it('reports a refused exchange as UNAVAILABLE and a throttled one as RATE_LIMITED, caching neither', async () => {
    const endpoint = fakeTokenEndpoint((n) =>
      n === 1
        ? Response.json(
            { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
            { status: 400 },
          )
        : n === 2
          ? Response.json({ error: 'rate_limit_exceeded' }, { status: 429 })
          : undefined,
    );
    const tokens = createServiceAccountTokens({
      source: { json: keyJson },
      timeoutMs: 1000,
      fetch: endpoint.fetchFn,
    });
    await expect(tokens.getAccessToken()).rejects.toMatchObject({ code: 'UNAVAILABLE', httpStatus: 400 });
    await expect(tokens.getAccessToken()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await tokens.getAccessToken()).toBe('token-3');
  });

  it('reads the key file lazily and tries again when it appears later', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sa-test-'));
    const file = path.join(dir, 'service-account.json');
    const endpoint = fakeTokenEndpoint();
    const tokens = createServiceAccountTokens({ source: { file }, timeoutMs: 1000, fetch: endpoint.fetchFn });
    await expect(tokens.getAccessToken()).rejects.toBeInstanceOf(GoogleApiError);
    fs.writeFileSync(file, keyJson);
    expect(await tokens.getAccessToken()).toBe('token-1');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names what is wrong with a key that is not a service-account key', () => {
    expect(() => parseServiceAccountKey('{"type":"authorized_user"}', 'GOOGLE_SERVICE_ACCOUNT_JSON')).toThrow(
      /GOOGLE_SERVICE_ACCOUNT_JSON.*type.*client_email/,
    );
    expect(() => parseServiceAccountKey('not json', 'x.json')).toThrow(/not JSON/);
  });
});
