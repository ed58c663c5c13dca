import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_CLIENT_ID } from '../emulator-options.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  fragmentOf,
  makeTempDataDir,
  postForm,
  removeDataDir,
  signInParams,
} from '../testing/emulator-test-kit.js';
import { subjectIdForEmail } from './subject-id.js';

const DRIVE_READONLY = 'https://www.googleapis.com/auth/drive.readonly';
const SPREADSHEETS = 'https://www.googleapis.com/auth/spreadsheets';
const OTHER_APP = '987654321-other.apps.googleusercontent.com';
const INVALID_TOKEN = { error: 'invalid_token', error_description: 'Invalid Value' };

describe('the tokeninfo endpoint', () => {
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

  const issue = async (email: string, scopes: string[], clientId = DEFAULT_LOCAL_CLIENT_ID) =>
    (
      await emulator.identity.issueAccessToken({
        email,
        name: email.split('@')[0] ?? email,
        clientId,
        scopes,
      })
    ).accessToken;
  /** As the SheetForms server asks: POST, the token in a urlencoded body. */
  const tokenInfo = (token: string, base = emulator.url) =>
    postForm(`${base}/tokeninfo`, { access_token: token });

  it('tells who a token of the configured client was issued to, with its scopes, expiry and email', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await issue('ada@example.com', ['email', DRIVE_READONLY, SPREADSHEETS]);
    const reply = await tokenInfo(token);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const info = (await reply.json()) as Record<string, string>;
    expect(info).toMatchObject({
      azp: DEFAULT_LOCAL_CLIENT_ID,
      aud: DEFAULT_LOCAL_CLIENT_ID,
      sub: subjectIdForEmail('ada@example.com'),
      scope: `email ${DRIVE_READONLY} ${SPREADSHEETS}`,
      email: 'ada@example.com',
      email_verified: 'true',
      access_type: 'online',
    });
    // Google sends the numbers as strings.
    expect(info.exp).toMatch(/^\d+$/);
    expect(Number(info.exp)).toBeGreaterThanOrEqual(before + 3599);
    expect(Number(info.expires_in)).toBeGreaterThan(3590);
    expect(Number(info.expires_in)).toBeLessThanOrEqual(3599);
  });

  it('leaves out the email (and sub) when the email scope was not granted', async () => {
    const token = await issue('ada@example.com', [DRIVE_READONLY]);
    const info = (await (await tokenInfo(token)).json()) as Record<string, string>;
    expect(info).toMatchObject({
      aud: DEFAULT_LOCAL_CLIENT_ID,
      azp: DEFAULT_LOCAL_CLIENT_ID,
      scope: DRIVE_READONLY,
    });
    expect(info).not.toHaveProperty('email');
    expect(info).not.toHaveProperty('email_verified');
    expect(info).not.toHaveProperty('sub');
  });

  it("names another app's client for a token issued to it (the APIs accept it all the same)", async () => {
    const token = await issue(
      'ada@example.com',
      ['https://www.googleapis.com/auth/drive.metadata.readonly'],
      OTHER_APP,
    );
    const reply = await tokenInfo(token);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({
      aud: OTHER_APP,
      azp: OTHER_APP,
      scope: 'https://www.googleapis.com/auth/drive.metadata.readonly',
    });
  });

  it('answers for a token from the authorization flow with the client it was issued to', async () => {
    const reply = await postForm(`${emulator.url}/o/oauth2/v2/auth`, {
      ...signInParams({
        response_type: 'token',
        scope: `email ${DRIVE_READONLY}`,
        nonce: undefined,
        prompt: undefined,
      }),
      name: 'Bob Example',
      email: 'bob@example.com',
      consent: 'allow',
    });
    expect(reply.status).toBe(302);
    const token = fragmentOf(reply.headers.get('location')).get('access_token') ?? '';
    expect(await (await tokenInfo(token)).json()).toMatchObject({
      aud: DEFAULT_LOCAL_CLIENT_ID,
      azp: DEFAULT_LOCAL_CLIENT_ID,
      email: 'bob@example.com',
      scope: `email ${DRIVE_READONLY}`,
    });
  });

  it('refuses an expired, a revoked, or an unknown token with invalid_token', async () => {
    const expired = await issue('ada@example.com', [DRIVE_READONLY]);
    const expiring = await fetch(`${emulator.url}/__emulator/access-tokens/expire`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: expired }),
    });
    expect(expiring.status).toBe(200);
    const revoked = await issue('carol@example.com', [DRIVE_READONLY]);
    expect((await postForm(`${emulator.url}/revoke`, { token: revoked })).status).toBe(200);

    for (const token of [expired, revoked, 'ya29.not-a-real-token', 'garbage']) {
      const reply = await tokenInfo(token);
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await reply.json()).toEqual(INVALID_TOKEN);
    }
  });

  it('refuses a request without a token as invalid_request', async () => {
    const reply = await postForm(`${emulator.url}/tokeninfo`, {});
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('takes the token as a Bearer header or in the query too, at oauth2/v3/tokeninfo and at the root', async () => {
    const token = await issue('ada@example.com', [DRIVE_READONLY]);
    const bearer = await fetch(`${emulator.url}/tokeninfo`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        authorization: `Bearer ${token}`,
      },
    });
    expect(await bearer.json()).toMatchObject({ aud: DEFAULT_LOCAL_CLIENT_ID });
    const query = await fetch(
      `${emulator.url}/oauth2/v3/tokeninfo?access_token=${encodeURIComponent(token)}`,
    );
    expect(query.status).toBe(200);
    expect(await query.json()).toMatchObject({ aud: DEFAULT_LOCAL_CLIENT_ID });
    const atRoot = await tokenInfo(token, emulator.rootUrl.replace(/\/+$/, ''));
    expect(await atRoot.json()).toMatchObject({ aud: DEFAULT_LOCAL_CLIENT_ID });
  });
});
