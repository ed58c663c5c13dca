import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DEFAULT_LOCAL_CLIENT_ID, startStandaloneEmulator } from '@sheetforms/google-emulator';
import { type AppOverrides, buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import type { Config } from '../config/config-types.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTestDatabase, type Dialect } from './dialects.js';
import { withKeptEmulatorKeys } from './emulator-keys.js';

export interface TestApp {
  /** Base URL of the running server, e.g. http://127.0.0.1:41234 */
  url: string;
  emulatorUrl: string;
  /** POSTs/PUTs/… JSON to the emulator's control API (`/__emulator{path}`); throws unless 2xx. */
  emulatorControl(method: string, path: string, body?: unknown): Promise<any>;
  /** Stops the standalone emulator (to see what the app does when Google is unreachable). */
  stopEmulator(): Promise<void>;
  config: Config;
  database: DatabaseHandle;
  /** Real HTTP against the running server, JSON in and out. */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: string },
  ): Promise<{ status: number; headers: Headers; body: any }>;
  /** Asks the emulator for an ID token, as the sign-in popup would. */
  mintIdToken(input: {
    email: string;
    name?: string;
    emailVerified?: boolean;
    audience?: string;
    expiresInSeconds?: number;
  }): Promise<string>;
  /**
   * A person's own Google access token from the emulator, as the web app's token client would get it; with
   * `clientId`, as another app's would (issued to that OAuth client).
   */
  issueGoogleAccessToken(email: string, scopes?: string[], clientId?: string): Promise<string>;
  /** Signs in through POST /auth/google and answers the session. */
  signIn(
    email: string,
    name?: string,
  ): Promise<{
    accessToken: string;
    refreshToken: string;
    user: { id: string; role: string; email: string; name: string };
  }>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a random port in local mode, with a standalone Google emulator on its
 * own port, over the given database dialect.
 */
export async function startTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  overrides: Pick<AppOverrides, 'googleFetch' | 'now' | 'logStream'> & {
    /** A database another test app already uses (a second instance); closed with this app. */
    database?: DatabaseHandle & { dataDir: string };
    /**
     * The standalone emulator starts with the demo spreadsheets (Event Registration, Large Dataset, ...).
     * Off by default: writing the 100,000-row demo sheet cost every test app about 150 ms, and few
     * tests read them. The app's own local-mode emulator (unused by the tests) never seeds.
     */
    seedDemoData?: boolean;
  } = {},
): Promise<TestApp> {
  const { database: shared, seedDemoData = false, ...appOverrides } = overrides;
  const database = shared ?? (await createTestDatabase(dialect, { migrated: true }));
  // The app registers its own in-process emulator on DATA_DIR (local mode), which rewrites the key file's
  // token_uri to itself; the standalone emulator keeps its state apart so its key file stays its own.
  const emulatorDataDir = path.join(database.dataDir, 'standalone-emulator');
  const emulator = await withKeptEmulatorKeys('standalone', emulatorDataDir, () =>
    startStandaloneEmulator({ port: 0, dataDir: emulatorDataDir, seed: seedDemoData }),
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'silent',
    // Tests of stored responses read them as 'pending'; the sync worker has its own tests.
    SHEET_SYNC_ENABLED: 'false',
    // Likewise e-mails and webhooks (modules/deliveries has its own tests).
    DELIVERIES_ENABLED: 'false',
    GOOGLE_ISSUERS: emulator.issuer,
    GOOGLE_JWKS_URL: `${emulator.url}/oauth2/v3/certs`,
    // Owners' own Google tokens come from the standalone emulator, so it answers who they were issued to.
    GOOGLE_TOKENINFO_URL: `${emulator.url}/tokeninfo`,
    // Google's data APIs and the service account are the standalone emulator's, as in local mode.
    GOOGLE_SHEETS_API_URL: emulator.url,
    GOOGLE_DRIVE_API_URL: emulator.url,
    GOOGLE_DOCS_API_URL: emulator.url,
    GOOGLE_SERVICE_ACCOUNT_FILE: path.join(emulatorDataDir, 'google-emulator', 'service-account.json'),
    GOOGLE_TIMEOUT_MS: '5000',
    SHEETS_RATE_LIMIT_PER_MINUTE: '10000',
    RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '10000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    // The tests' fetch (undici) keeps an idle socket 4 s at most, and 2 s less than the server says. With
    // the server's 5 s, a test whose event loop (shared with the server) ran 2 s late could reuse a socket
    // the server had just closed: ECONNRESET (seen once in a full run). 9 s, still under the headers
    // timeout, leaves 5 s of margin. Tests of the timeouts set their own.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '9000',
    ...env,
  });
  const build = () => buildApp(config, { database, localEmulatorSeed: false, ...appOverrides });
  // Only local mode has the app's own emulator.
  const { app } = await (config.mode === 'local'
    ? withKeptEmulatorKeys('app', database.dataDir, build)
    : build());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const request: TestApp['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text so the test can show it
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };

  const mintIdToken: TestApp['mintIdToken'] = async (input) => {
    const res = await fetch(`${emulator.url}/__emulator/id-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    if (!res.ok) throw new Error(`emulator refused to mint a token: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { idToken: string }).idToken;
  };

  const emulatorControl: TestApp['emulatorControl'] = async (method, controlPath, body) => {
    const res = await fetch(`${emulator.url}/__emulator${controlPath}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`emulator ${method} ${controlPath} failed: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  let emulatorStopped = false;

  return {
    url,
    emulatorUrl: emulator.url,
    emulatorControl,
    async stopEmulator() {
      if (emulatorStopped) return;
      emulatorStopped = true;
      await emulator.close();
    },
    config,
    database,
    request,
    mintIdToken,
    async issueGoogleAccessToken(
      email,
      scopes = ['https://www.googleapis.com/auth/spreadsheets'],
      clientId = DEFAULT_LOCAL_CLIENT_ID,
    ) {
      const issued = await emulator.identity.issueAccessToken({
        email,
        name: email.split('@')[0] ?? email,
        clientId,
        scopes,
      });
      return issued.accessToken;
    },
    async signIn(email, name = email.split('@')[0] ?? email) {
      const idToken = await mintIdToken({ email, name });
      const res = await request('POST', '/api/v1/auth/google', { body: { idToken } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async close() {
      await app.close();
      if (!emulatorStopped) await emulator.close();
      await database.close();
    },
  };
}
