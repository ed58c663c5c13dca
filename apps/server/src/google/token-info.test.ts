import { describe, expect, it, vi } from 'vitest';
import { GoogleApiError } from './google-api-error.js';
import { type AccessTokenInfo, createTokenInfoClient, isIssuedTo } from './token-info.js';

const TOKENINFO_URL = 'https://oauth2.googleapis.com/tokeninfo';
const CLIENT_ID = '123-abc.apps.googleusercontent.com';
const TOKEN = 'ya29.a0AfB_byC-secret-token';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function client(reply: Response | Error, timeoutMs = 1000) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    requests.push(new Request(input, init));
    if (reply instanceof Error) throw reply;
    return reply;
  });
  return { requests, tokens: createTokenInfoClient({ tokenInfoUrl: TOKENINFO_URL, timeoutMs, fetch }) };
}

async function failure(promise: Promise<unknown>): Promise<GoogleApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof GoogleApiError) return error;
    throw error;
  }
  throw new Error('expected a GoogleApiError');
}

describe('token info client', () => {
  it('POSTs the token in a urlencoded body, never in the URL, and reads what Google answers', async () => {
    const { tokens, requests } = client(
      json(200, {
        azp: CLIENT_ID,
        aud: CLIENT_ID,
        sub: '110169484474386276334',
        scope: 'https://www.googleapis.com/auth/drive.readonly email',
        exp: '1767225600',
        expires_in: '3412',
        email: 'ada@example.com',
        email_verified: 'true',
        access_type: 'online',
      }),
    );
    expect(await tokens.lookup(TOKEN)).toEqual({
      audience: CLIENT_ID,
      authorizedParty: CLIENT_ID,
      scopes: ['https://www.googleapis.com/auth/drive.readonly', 'email'],
      expiresInSeconds: 3412,
      email: 'ada@example.com',
      emailVerified: true,
    } satisfies AccessTokenInfo);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(TOKENINFO_URL);
    expect(request?.url).not.toContain('ya29');
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(await request?.text()).toBe(`access_token=${encodeURIComponent(TOKEN)}`);
  });

  it('takes numbers and booleans as JSON values too, and a token without the email scope', async () => {
    const { tokens } = client(
      json(200, { aud: CLIENT_ID, scope: 'openid', expires_in: 60, email_verified: true }),
    );
    expect(await tokens.lookup(TOKEN)).toEqual({
      audience: CLIENT_ID,
      authorizedParty: undefined,
      scopes: ['openid'],
      expiresInSeconds: 60,
      email: undefined,
      emailVerified: true,
    });
  });

  it("answers undefined for Google's 400 invalid_token (unknown, expired or revoked)", async () => {
    const { tokens } = client(json(400, { error: 'invalid_token', error_description: 'Invalid Value' }));
    expect(await tokens.lookup(TOKEN)).toBeUndefined();
  });

  it('throws when Google cannot tell (down, timed out, rate limited, an odd answer), never naming the token', async () => {
    const cases: Array<[Response | Error, string]> = [
      [json(500, { error: 'internal_failure' }), 'UNAVAILABLE'],
      [json(503, { error: { code: 503, message: 'Backend Error', status: 'UNAVAILABLE' } }), 'UNAVAILABLE'],
      [json(401, { error: 'unauthorized_client' }), 'UNAVAILABLE'],
      [json(429, { error: 'rate_limit_exceeded' }), 'RATE_LIMITED'],
      [Object.assign(new Error('timed out'), { name: 'TimeoutError' }), 'UNAVAILABLE'],
      [new TypeError('fetch failed'), 'UNAVAILABLE'],
      [json(200, { aud: 42 }), 'UNAVAILABLE'],
      [new Response('<html>', { status: 200 }), 'UNAVAILABLE'],
    ];
    for (const [reply, code] of cases) {
      const error = await failure(client(reply).tokens.lookup(TOKEN));
      expect(error.code).toBe(code);
      expect(error.message).not.toContain('ya29');
    }
  });
});

describe('isIssuedTo', () => {
  const info = (overrides: Partial<AccessTokenInfo>): AccessTokenInfo => ({
    audience: CLIENT_ID,
    authorizedParty: CLIENT_ID,
    scopes: [],
    expiresInSeconds: 3599,
    email: undefined,
    emailVerified: false,
    ...overrides,
  });

  it('holds for a live token whose audience (and requesting client, when named) is ours', () => {
    expect(isIssuedTo(info({}), CLIENT_ID)).toBe(true);
    expect(isIssuedTo(info({ authorizedParty: undefined }), CLIENT_ID)).toBe(true);
    expect(isIssuedTo(info({ audience: undefined }), CLIENT_ID)).toBe(true);
    expect(isIssuedTo(info({ expiresInSeconds: undefined }), CLIENT_ID)).toBe(true);
  });

  it("fails for another app's token, a mixed one, one naming no client, a spent one, or no client id", () => {
    const other = '999-other.apps.googleusercontent.com';
    expect(isIssuedTo(info({ audience: other, authorizedParty: other }), CLIENT_ID)).toBe(false);
    expect(isIssuedTo(info({ authorizedParty: other }), CLIENT_ID)).toBe(false);
    expect(isIssuedTo(info({ audience: other }), CLIENT_ID)).toBe(false);
    expect(isIssuedTo(info({ audience: undefined, authorizedParty: undefined }), CLIENT_ID)).toBe(false);
    expect(isIssuedTo(info({ expiresInSeconds: 0 }), CLIENT_ID)).toBe(false);
    expect(isIssuedTo(info({ audience: '', authorizedParty: '' }), '')).toBe(false);
    // Compared exactly: no prefix, suffix or case games.
    expect(
      isIssuedTo(info({ audience: CLIENT_ID.toUpperCase(), authorizedParty: undefined }), CLIENT_ID),
    ).toBe(false);
  });
});
