import os from 'node:os';
import path from 'node:path';
import { extractSpreadsheetId } from '@sheetforms/contract';
import { ASSISTANT_QUESTIONS_TITLE } from '@sheetforms/google-emulator/demo-titles';
import type { Config, Mode } from './config-types.js';
import { EnvSchema } from './env-schema.js';

/** The local-mode OAuth client id; the emulator issues ID tokens for this audience. */
export const LOCAL_CLIENT_ID = 'sheetforms-local.apps.googleusercontent.com';
/** The API key the local emulator accepts (its option `apiKeys` defaults to this). */
export const LOCAL_API_KEY = 'local-emulator-api-key';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and validates the environment. Throws a ConfigError that names every bad variable,
 * so a self-hoster sees all mistakes at once instead of one per restart.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const e = parsed.data;
  const mode: Mode = e.GOOGLE_CLIENT_ID ? 'google' : 'local';
  const problems: string[] = [];

  if (mode === 'local' && e.NODE_ENV === 'production' && !e.ALLOW_LOCAL_MODE) {
    problems.push(
      'GOOGLE_CLIENT_ID is not set, so the server would run in local mode, where anyone can sign in as anyone. ' +
        'Set GOOGLE_CLIENT_ID for Google mode, or ALLOW_LOCAL_MODE=true to run local mode with NODE_ENV=production.',
    );
  }
  if (e.NODE_ENV === 'production' && mode === 'google' && !e.JWT_SECRET) {
    problems.push('JWT_SECRET must be set in production (at least 32 random characters).');
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT_MS (${e.HTTP_HEADERS_TIMEOUT_MS}) must not be above HTTP_REQUEST_TIMEOUT_MS (${e.HTTP_REQUEST_TIMEOUT_MS}).`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  // Local mode is a single-user playground: keep it off the network unless told otherwise.
  const host = e.HOST ?? (mode === 'local' ? '127.0.0.1' : '0.0.0.0');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const loopbackHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const selfUrl = `http://${loopbackHost.includes(':') ? `[${loopbackHost}]` : loopbackHost}:${e.PORT}`;

  const google =
    mode === 'google'
      ? {
          clientId: e.GOOGLE_CLIENT_ID ?? '',
          issuers: splitList(e.GOOGLE_ISSUERS) ?? GOOGLE_ISSUERS,
          jwksUrl: e.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
          authorizationEndpoint: e.GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
          tokenInfoUrl: e.GOOGLE_TOKENINFO_URL ?? 'https://oauth2.googleapis.com/tokeninfo',
        }
      : {
          clientId: LOCAL_CLIENT_ID,
          issuers: splitList(e.GOOGLE_ISSUERS) ?? [`${publicUrl}/__google`],
          // The server checks tokens against its own emulator over loopback HTTP, exactly as it would call Google.
          jwksUrl: e.GOOGLE_JWKS_URL ?? `${selfUrl}/__google/oauth2/v3/certs`,
          authorizationEndpoint: e.GOOGLE_AUTH_URL ?? `${publicUrl}/__google/o/oauth2/v2/auth`,
          tokenInfoUrl: e.GOOGLE_TOKENINFO_URL ?? `${selfUrl}/__google/tokeninfo`,
        };

  const localGoogleApis = `${selfUrl}/__google`;
  const serviceAccountFile =
    e.GOOGLE_SERVICE_ACCOUNT_FILE ??
    (mode === 'local' ? path.join(dataDir, 'google-emulator', 'service-account.json') : undefined);
  const googleApis: Config['googleApis'] = {
    sheetsUrl: trimSlash(
      e.GOOGLE_SHEETS_API_URL ?? (mode === 'local' ? localGoogleApis : 'https://sheets.googleapis.com'),
    ),
    driveUrl: trimSlash(
      e.GOOGLE_DRIVE_API_URL ?? (mode === 'local' ? localGoogleApis : 'https://www.googleapis.com'),
    ),
    docsUrl: trimSlash(
      e.GOOGLE_DOCS_API_URL ?? (mode === 'local' ? localGoogleApis : 'https://docs.googleapis.com'),
    ),
    apiKey: e.GOOGLE_API_KEY ?? (mode === 'local' ? LOCAL_API_KEY : undefined),
    serviceAccount: e.GOOGLE_SERVICE_ACCOUNT_JSON
      ? { json: e.GOOGLE_SERVICE_ACCOUNT_JSON }
      : serviceAccountFile
        ? { file: path.resolve(cwd, serviceAccountFile) }
        : undefined,
    timeoutMs: e.GOOGLE_TIMEOUT_MS,
  };

  const emulatorPublicUrl = `${publicUrl}/__google`;
  const browserGoogleApis: Config['browserGoogleApis'] =
    mode === 'google'
      ? {
          tokenClientScriptUrl: e.GOOGLE_TOKEN_CLIENT_URL ?? 'https://accounts.google.com/gsi/client',
          docsApiUrl: 'https://docs.googleapis.com',
          sheetsApiUrl: 'https://sheets.googleapis.com',
          driveApiUrl: 'https://www.googleapis.com',
        }
      : {
          tokenClientScriptUrl: e.GOOGLE_TOKEN_CLIENT_URL ?? `${emulatorPublicUrl}/gsi/client`,
          docsApiUrl: emulatorPublicUrl,
          sheetsApiUrl: emulatorPublicUrl,
          driveApiUrl: emulatorPublicUrl,
        };

  return {
    env: e.NODE_ENV,
    mode,
    host,
    port: e.PORT,
    publicUrl,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'sheetforms.db') },
    google,
    googleApis,
    browserGoogleApis,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    adminEmails: (splitList(e.ADMIN_EMAILS) ?? []).map((email) => email.toLowerCase()),
    logLevel: e.LOG_LEVEL,
    requestLogLinesPerSecond: e.REQUEST_LOG_LINES_PER_SECOND,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    http: {
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      sheetsPerMinute: e.SHEETS_RATE_LIMIT_PER_MINUTE,
      publicPerMinute: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
      loginPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    },
    signatureStorage:
      (e.SIGNATURE_STORAGE ?? (e.DATABASE_URL ? 'database' : 'filesystem')) === 'database'
        ? { kind: 'database' }
        : { kind: 'filesystem', dir: path.join(dataDir, 'uploads', 'signatures') },
    pdf: {
      chromiumPath: path.resolve(cwd, e.CHROMIUM_PATH),
      concurrency: e.PDF_CONCURRENCY,
      queueLimit: e.PDF_QUEUE_LIMIT,
      timeoutMs: e.PDF_TIMEOUT_MS,
      recycleAfter: e.PDF_RECYCLE_AFTER,
      warmStart: e.PDF_WARM_START,
      perMinute: e.PDF_RATE_LIMIT_PER_MINUTE,
    },
    htmlWork: {
      workers: e.HTML_WORKERS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      queueLimit: e.HTML_QUEUE_LIMIT,
      timeoutMs: e.HTML_WORK_TIMEOUT_MS,
    },
    chat: {
      startPerMinute: e.CHAT_START_RATE_LIMIT_PER_MINUTE,
      messagesPerMinute: e.CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE,
      retentionDays: e.CHAT_RETENTION_DAYS,
    },
    questions: e.QUESTIONS_SHEET_URL
      ? { spreadsheetId: extractSpreadsheetId(e.QUESTIONS_SHEET_URL) ?? '' }
      : mode === 'local'
        ? { emulatorTitle: ASSISTANT_QUESTIONS_TITLE }
        : undefined,
    contact: {
      perMinute: e.CONTACT_RATE_LIMIT_PER_MINUTE,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.SMTP_FROM ?? `SheetForms <no-reply@${new URL(publicUrl).hostname}>`,
      mailTimeoutMs: e.SMTP_TIMEOUT_MS,
    },
    deliveries: {
      enabled: e.DELIVERIES_ENABLED,
      pollMs: e.DELIVERIES_POLL_MS,
      leaseMs: e.DELIVERIES_LEASE_SECONDS * 1000,
      webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      mail: e.SMTP_URL
        ? {
            smtpUrl: e.SMTP_URL,
            from: e.SMTP_FROM ?? `SheetForms <no-reply@${new URL(publicUrl).hostname}>`,
            timeoutMs: e.SMTP_TIMEOUT_MS,
          }
        : mode === 'local'
          ? { logOnly: true }
          : undefined,
    },
    sheetSync: {
      enabled: e.SHEET_SYNC_ENABLED,
      writesPerMinute: e.SHEET_SYNC_WRITES_PER_MINUTE,
      timeZone: e.SHEET_SYNC_TIMEZONE,
      leaseMs: e.SHEET_SYNC_LEASE_SECONDS * 1000,
    },
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(cwd, e.WEB_DIST_DIR)
      : path.resolve(import.meta.dirname, '../../../web/dist'),
    serveWeb: e.SERVE_WEB ?? e.NODE_ENV !== 'test',
  };
}

/** proxy-addr's names for well-known ranges, accepted in TRUST_PROXY's list besides addresses and CIDRs. */
function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function splitList(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
}
