import { describe, expect, it } from 'vitest';
import { ConfigError, LOCAL_API_KEY, LOCAL_CLIENT_ID, loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig(env, '/srv/app');

describe('loadConfig', () => {
  it('defaults to local mode on 127.0.0.1:3000 with SQLite in ./data', () => {
    const config = load({});
    expect(config.mode).toBe('local');
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', file: '/srv/app/data/sheetforms.db' });
    expect(config.google.clientId).toBe(LOCAL_CLIENT_ID);
    expect(config.google.issuers).toEqual(['http://localhost:3000/__google']);
    expect(config.google.jwksUrl).toBe('http://127.0.0.1:3000/__google/oauth2/v3/certs');
    expect(config.google.tokenInfoUrl).toBe('http://127.0.0.1:3000/__google/tokeninfo');
    expect(config.accessTokenTtlSeconds).toBe(900);
  });

  it('switches to Google mode with GOOGLE_CLIENT_ID and uses Google issuers and keys', () => {
    const config = load({
      GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com',
      PUBLIC_URL: 'https://forms.example.com/',
    });
    expect(config.mode).toBe('google');
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('https://forms.example.com');
    expect(config.google.issuers).toEqual(['https://accounts.google.com', 'accounts.google.com']);
    expect(config.google.jwksUrl).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(config.google.authorizationEndpoint).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(config.google.tokenInfoUrl).toBe('https://oauth2.googleapis.com/tokeninfo');
    expect(
      load({ GOOGLE_CLIENT_ID: 'abc', GOOGLE_TOKENINFO_URL: 'https://tokens.example.com/tokeninfo' }).google
        .tokenInfoUrl,
    ).toBe('https://tokens.example.com/tokeninfo');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(load({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1:5432/db',
    });
  });

  it('keeps signatures in the database on PostgreSQL and in files on SQLite, unless SIGNATURE_STORAGE says', () => {
    const files = { kind: 'filesystem', dir: '/srv/app/data/uploads/signatures' };
    const postgres = 'postgres://u:p@127.0.0.1:5432/db';
    expect(load({}).signatureStorage).toEqual(files);
    expect(load({ SIGNATURE_STORAGE: '' }).signatureStorage).toEqual(files);
    expect(load({ DATABASE_URL: postgres }).signatureStorage).toEqual({ kind: 'database' });
    expect(load({ DATABASE_URL: postgres, SIGNATURE_STORAGE: 'filesystem' }).signatureStorage).toEqual(files);
    expect(load({ SIGNATURE_STORAGE: 'database' }).signatureStorage).toEqual({ kind: 'database' });
    expect(() => load({ SIGNATURE_STORAGE: 's3' })).toThrow(
      /SIGNATURE_STORAGE must be filesystem or database/,
    );
  });

  it('lowercases and splits ADMIN_EMAILS', () => {
    expect(load({ ADMIN_EMAILS: ' A@x.com, b@Y.com ,' }).adminEmails).toEqual(['a@x.com', 'b@y.com']);
  });

  it('caps request lines at 100 a second unless REQUEST_LOG_LINES_PER_SECOND says (0: every line)', () => {
    expect(load({}).requestLogLinesPerSecond).toBe(100);
    expect(load({ REQUEST_LOG_LINES_PER_SECOND: '0' }).requestLogLinesPerSecond).toBe(0);
    expect(load({ REQUEST_LOG_LINES_PER_SECOND: '2500' }).requestLogLinesPerSecond).toBe(2500);
    expect(() => load({ REQUEST_LOG_LINES_PER_SECOND: '-1' })).toThrow(
      /REQUEST_LOG_LINES_PER_SECOND must be 0 \(every line\) or more/,
    );
    expect(() => load({ REQUEST_LOG_LINES_PER_SECOND: 'lots' })).toThrow(
      /REQUEST_LOG_LINES_PER_SECOND must be a number/,
    );
  });

  it('names every bad variable at once', () => {
    try {
      load({ PORT: 'abc', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'not a url', JWT_SECRET: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT must be a number');
      expect(message).toContain('DATABASE_URL must start with postgres://');
      expect(message).toContain('PUBLIC_URL must be an absolute URL');
      expect(message).toContain('JWT_SECRET must be at least 32 characters');
    }
  });

  it('refuses local mode in production unless ALLOW_LOCAL_MODE=true', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/ALLOW_LOCAL_MODE=true/);
    expect(load({ NODE_ENV: 'production', ALLOW_LOCAL_MODE: 'true' }).mode).toBe('local');
  });

  it('requires JWT_SECRET for Google mode in production', () => {
    expect(() => load({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'abc' })).toThrow(/JWT_SECRET must be set/);
  });

  it('rejects an unknown NODE_ENV and a bad boolean', () => {
    expect(() => load({ NODE_ENV: 'staging' })).toThrow(ConfigError);
    expect(() => load({ ALLOW_LOCAL_MODE: 'yes' })).toThrow(/ALLOW_LOCAL_MODE must be true or false/);
  });

  it('points the Google data APIs at the local emulator in local mode', () => {
    const config = load({ PORT: '4000' });
    expect(config.googleApis).toEqual({
      sheetsUrl: 'http://127.0.0.1:4000/__google',
      driveUrl: 'http://127.0.0.1:4000/__google',
      docsUrl: 'http://127.0.0.1:4000/__google',
      apiKey: LOCAL_API_KEY,
      serviceAccount: { file: '/srv/app/data/google-emulator/service-account.json' },
      timeoutMs: 10_000,
    });
    expect(config.rateLimit.sheetsPerMinute).toBe(30);
  });

  it("uses Google's APIs in Google mode, with only the credentials given", () => {
    const config = load({ GOOGLE_CLIENT_ID: 'abc' });
    expect(config.googleApis).toEqual({
      sheetsUrl: 'https://sheets.googleapis.com',
      driveUrl: 'https://www.googleapis.com',
      docsUrl: 'https://docs.googleapis.com',
      apiKey: undefined,
      serviceAccount: undefined,
      timeoutMs: 10_000,
    });
    const withKeys = load({
      GOOGLE_CLIENT_ID: 'abc',
      GOOGLE_API_KEY: 'AIza-key',
      GOOGLE_SERVICE_ACCOUNT_FILE: 'secrets/sa.json',
      GOOGLE_SHEETS_API_URL: 'http://127.0.0.1:9999/__google/',
      GOOGLE_TIMEOUT_MS: '2500',
    }).googleApis;
    expect(withKeys.apiKey).toBe('AIza-key');
    expect(withKeys.serviceAccount).toEqual({ file: '/srv/app/secrets/sa.json' });
    expect(withKeys.sheetsUrl).toBe('http://127.0.0.1:9999/__google');
    expect(withKeys.timeoutMs).toBe(2500);
  });

  it('points the browser at the emulator’s public URLs in local mode and at Google in Google mode', () => {
    expect(load({ PUBLIC_URL: 'http://localhost:4000' }).browserGoogleApis).toEqual({
      tokenClientScriptUrl: 'http://localhost:4000/__google/gsi/client',
      docsApiUrl: 'http://localhost:4000/__google',
      sheetsApiUrl: 'http://localhost:4000/__google',
      driveApiUrl: 'http://localhost:4000/__google',
    });
    expect(load({ GOOGLE_CLIENT_ID: 'abc' }).browserGoogleApis).toEqual({
      tokenClientScriptUrl: 'https://accounts.google.com/gsi/client',
      docsApiUrl: 'https://docs.googleapis.com',
      sheetsApiUrl: 'https://sheets.googleapis.com',
      driveApiUrl: 'https://www.googleapis.com',
    });
    expect(
      load({ GOOGLE_TOKEN_CLIENT_URL: 'http://127.0.0.1:4010/__google/gsi/client' }).browserGoogleApis
        .tokenClientScriptUrl,
    ).toBe('http://127.0.0.1:4010/__google/gsi/client');
    expect(() => load({ GOOGLE_TOKEN_CLIENT_URL: 'gsi/client' })).toThrow(
      /GOOGLE_TOKEN_CLIENT_URL must be an absolute URL/,
    );
  });

  it('prefers GOOGLE_SERVICE_ACCOUNT_JSON over the file and rejects JSON that is not an object', () => {
    const json = '{"type":"service_account"}';
    expect(
      load({ GOOGLE_SERVICE_ACCOUNT_JSON: json, GOOGLE_SERVICE_ACCOUNT_FILE: '/x.json' }).googleApis
        .serviceAccount,
    ).toEqual({ json });
    expect(() => load({ GOOGLE_SERVICE_ACCOUNT_JSON: '{not json' })).toThrow(
      /GOOGLE_SERVICE_ACCOUNT_JSON must be the JSON of a service-account key file/,
    );
    expect(() => load({ GOOGLE_TIMEOUT_MS: '0' })).toThrow(/GOOGLE_TIMEOUT_MS must be above 0/);
  });

  it('trusts no proxy by default, in local and in Google mode', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }).trustProxy).toBe(false);
    for (const off of ['', ' ', 'false', '0']) expect(load({ TRUST_PROXY: off }).trustProxy).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and CIDR ranges', () => {
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(load({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses TRUST_PROXY=true and entries that are not addresses or CIDR ranges, naming them', () => {
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY must not be true/);
    for (const bad of [
      '10.0.0.0/33',
      '::1/129',
      '10.0.0',
      'proxy.example.com',
      '10.0.0.1/8/1',
      '1.2.3.4/x',
    ]) {
      expect(() => load({ TRUST_PROXY: `127.0.0.1,${bad}` })).toThrow(
        new RegExp(
          `TRUST_PROXY must be false, a hop count, or a comma-separated list .*not valid: ${escapeRegExp(bad)}$`,
          'm',
        ),
      );
    }
  });

  it('defaults the HTTP timeouts and the per-address connection cap, and validates them', () => {
    expect(load({}).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
      maxConnectionsPerIp: 200,
    });
    expect(
      load({
        HTTP_REQUEST_TIMEOUT_MS: '2000',
        HTTP_HEADERS_TIMEOUT_MS: '1000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
        MAX_CONNECTIONS_PER_IP: '5',
      }).http,
    ).toEqual({
      requestTimeoutMs: 2000,
      headersTimeoutMs: 1000,
      keepAliveTimeoutMs: 500,
      maxConnectionsPerIp: 5,
    });
    expect(() => load({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS must be above 0/);
    expect(() => load({ MAX_CONNECTIONS_PER_IP: 'many' })).toThrow(/MAX_CONNECTIONS_PER_IP must be a number/);
    expect(() => load({ HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS \(6000\) must not be above HTTP_REQUEST_TIMEOUT_MS \(5000\)/,
    );
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
