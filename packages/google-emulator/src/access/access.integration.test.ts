import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_API_KEY } from '../emulator-options.js';
import { type StandaloneEmulator, startStandaloneEmulator } from '../standalone-server.js';
import {
  type ApiClient,
  apiClient,
  makeTempDataDir,
  rangePath,
  removeDataDir,
  SHEETS_SCOPE,
} from '../testing/emulator-test-kit.js';
import { type ServiceAccountKeyFile, serviceAccountKeyPath } from './service-accounts.js';

describe('access rules', () => {
  let dataDir: string;
  let emulator: StandaloneEmulator;
  let api: ApiClient;
  const ids: Record<string, string> = {};

  async function tokenFor(email: string, scopes = ['openid', SHEETS_SCOPE]) {
    return (await emulator.identity.issueAccessToken({ email, name: email, clientId: 'test', scopes }))
      .accessToken;
  }

  beforeAll(async () => {
    dataDir = await makeTempDataDir();
    emulator = await startStandaloneEmulator({ port: 0, dataDir, seed: false });
    api = apiClient(emulator.url);
    const rows = [['Name'], ['Ann']];
    for (const [name, sharing] of [
      ['private', { link: 'none', people: [] }],
      ['view', { link: 'view', people: [] }],
      ['edit', { link: 'edit', people: [] }],
      [
        'people',
        {
          link: 'none',
          people: [
            { email: 'viewer@example.com', role: 'view' },
            { email: 'editor@example.com', role: 'edit' },
          ],
        },
      ],
    ] as const) {
      ids[name] = (
        await api.createSpreadsheet({ title: name, sheets: [{ title: 'Sheet1', rows }], sharing })
      ).spreadsheetId;
    }
  });
  afterAll(async () => {
    await emulator.close();
    await removeDataDir(dataDir);
  });

  const read = (id: string | undefined, auth?: string | { key: string }) =>
    api.call(
      'GET',
      `/v4/spreadsheets/${id}/values/${rangePath('Sheet1!A1:Z6')}`,
      auth === undefined ? {} : { auth },
    );
  const append = (id: string | undefined, auth?: string | { key: string }) =>
    api.call('POST', `/v4/spreadsheets/${id}/values/${rangePath('Sheet1!A1')}:append?valueInputOption=RAW`, {
      ...(auth === undefined ? {} : { auth }),
      body: { values: [['x']] },
    });

  describe('API keys', () => {
    it('reads a link-shared sheet with a valid key', async () => {
      expect((await read(ids.view, { key: LOCAL_API_KEY })).status).toBe(200);
      expect((await read(ids.edit, { key: LOCAL_API_KEY })).status).toBe(200);
    });

    it('answers an invalid key with 400 API_KEY_INVALID', async () => {
      const reply = await read(ids.view, { key: 'nope' });
      expect(reply.status).toBe(400);
      expect(await reply.json()).toEqual({
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
              metadata: { service: 'sheets.googleapis.com' },
            },
          ],
        },
      });
    });

    it('answers no credentials with 403 "missing a valid API key"', async () => {
      const reply = await read(ids.view);
      expect(reply.status).toBe(403);
      expect(await reply.json()).toEqual({
        error: { code: 403, message: 'The request is missing a valid API key.', status: 'PERMISSION_DENIED' },
      });
    });

    it('answers a private sheet read with a key with 403 PERMISSION_DENIED', async () => {
      const reply = await read(ids.private, { key: LOCAL_API_KEY });
      expect(reply.status).toBe(403);
      expect(await reply.json()).toEqual({
        error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' },
      });
    });

    it('never writes with a key: 401 UNAUTHENTICATED, even on a link-editable sheet', async () => {
      const reply = await append(ids.edit, { key: LOCAL_API_KEY });
      expect(reply.status).toBe(401);
      expect(await reply.json()).toEqual({
        error: {
          code: 401,
          message:
            'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
          status: 'UNAUTHENTICATED',
        },
      });
      expect(await api.sheetValues(ids.edit ?? '', 'Sheet1')).toEqual([['Name'], ['Ann']]);
    });
  });

  describe('Bearer tokens and sharing', () => {
    it('answers an unknown token with 401', async () => {
      const reply = await read(ids.view, 'ya29.emu.unknown');
      expect(reply.status).toBe(401);
      expect(((await reply.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
    });

    it('applies link and per-person sharing', async () => {
      const stranger = await tokenFor('stranger@example.com');
      const viewer = await tokenFor('viewer@example.com');
      const editor = await tokenFor('editor@example.com');
      expect((await read(ids.private, stranger)).status).toBe(403);
      expect((await read(ids.view, stranger)).status).toBe(200);
      expect((await append(ids.view, stranger)).status).toBe(403);
      expect((await append(ids.edit, stranger)).status).toBe(200);
      expect((await read(ids.people, stranger)).status).toBe(403);
      expect((await read(ids.people, viewer)).status).toBe(200);
      expect((await append(ids.people, viewer)).status).toBe(403);
      expect((await append(ids.people, editor)).status).toBe(200);
    });

    it('answers 404 before 403 for an unknown spreadsheet', async () => {
      const reply = await read('1unknownSpreadsheetId', await tokenFor('stranger@example.com'));
      expect(reply.status).toBe(404);
    });

    it('refuses a token without a Sheets or Drive scope with 403 insufficient scopes', async () => {
      const reply = await read(ids.view, await tokenFor('someone@example.com', ['openid', 'email']));
      expect(reply.status).toBe(403);
      expect(await reply.json()).toMatchObject({
        error: {
          code: 403,
          message: 'Request had insufficient authentication scopes.',
          status: 'PERMISSION_DENIED',
        },
      });
    });
  });

  describe('service accounts', () => {
    async function assertionFor(
      keyFile: ServiceAccountKeyFile,
      claims: Record<string, unknown> = {},
      lifetime = 3600,
    ) {
      const key = await importPKCS8(keyFile.private_key, 'RS256');
      const iat = Math.floor(Date.now() / 1000);
      return new SignJWT({ scope: SHEETS_SCOPE, ...claims })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: keyFile.private_key_id })
        .setIssuer(keyFile.client_email)
        .setAudience(keyFile.token_uri)
        .setIssuedAt(iat)
        .setExpirationTime(iat + lifetime)
        .sign(key);
    }
    const exchange = (assertion: string) =>
      api.call('POST', '/token', {
        form: { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion },
      });

    it('writes a standard key file and exchanges a signed assertion for a token that follows sharing', async () => {
      const keyFile = JSON.parse(
        await readFile(serviceAccountKeyPath(dataDir), 'utf8'),
      ) as ServiceAccountKeyFile;
      expect(keyFile).toMatchObject({
        type: 'service_account',
        project_id: 'sheetforms-local',
        client_email: 'sheetforms-local@sheetforms-local.iam.gserviceaccount.com',
        token_uri: `${emulator.issuer}/token`,
        private_key: expect.stringContaining('-----BEGIN PRIVATE KEY-----'),
      });
      expect(emulator.serviceAccountKeyPath).toBe(serviceAccountKeyPath(dataDir));
      const reply = await exchange(await assertionFor(keyFile));
      expect(reply.status).toBe(200);
      const body = (await reply.json()) as { access_token: string; expires_in: number; token_type: string };
      expect(body).toEqual({
        access_token: expect.stringMatching(/^ya29\./),
        expires_in: 3599,
        token_type: 'Bearer',
      });
      expect((await append(ids.edit, body.access_token)).status).toBe(200);
      expect((await read(ids.private, body.access_token)).status).toBe(403);
    });

    it('refuses a bad signature, a wrong audience, a long lifetime and an unknown grant like Google', async () => {
      const keyFile = JSON.parse(
        await readFile(serviceAccountKeyPath(dataDir), 'utf8'),
      ) as ServiceAccountKeyFile;
      const other = (await (
        await api.call('POST', '/__emulator/service-accounts', { body: { name: 'other-robot' } })
      ).json()) as ServiceAccountKeyFile;
      expect(other.client_email).toBe('other-robot@sheetforms-local.iam.gserviceaccount.com');
      expect((await exchange(await assertionFor(other))).status).toBe(200);

      const forged = await assertionFor({ ...other, client_email: keyFile.client_email });
      expect(await (await exchange(forged)).json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Invalid JWT Signature.',
      });
      const wrongAudience = await assertionFor({ ...keyFile, token_uri: 'https://example.com/token' });
      expect(await (await exchange(wrongAudience)).json()).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('Failed audience check'),
      });
      const tooLong = await exchange(await assertionFor(keyFile, {}, 7200));
      expect(tooLong.status).toBe(400);
      expect(await tooLong.json()).toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('short-lived token'),
      });
      const noScope = await exchange(await assertionFor(keyFile, { scope: '' }));
      expect(await noScope.json()).toMatchObject({ error: 'invalid_scope' });
      const grant = await api.call('POST', '/token', {
        form: { grant_type: 'authorization_code', code: 'x' },
      });
      expect(grant.status).toBe(400);
      expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    });
  });
});
