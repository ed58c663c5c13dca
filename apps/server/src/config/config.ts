import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { extractSpreadsheetId } from '@sheetforms/contract';
import { ASSISTANT_QUESTIONS_TITLE } from '@sheetforms/google-emulator';
import { z } from 'zod';

/** The local-mode OAuth client id; the emulator issues ID tokens for this audience. */
export const LOCAL_CLIENT_ID = 'sheetforms-local.apps.googleusercontent.com';
/** The API key the local emulator accepts (its option `apiKeys` defaults to this). */
export const LOCAL_API_KEY = 'local-emulator-api-key';
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
  .optional()
  .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .positive('must be above 0')
    .default(fallback);

/** Every environment variable the server reads, with its default. README's configuration table mirrors this. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: optionalString,
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int()
    .min(0)
    .max(65_535, 'must be at most 65535')
    .default(3000),
  PUBLIC_URL: optionalString.pipe(
    z.url({ message: 'must be an absolute URL such as https://forms.example.com' }).optional(),
  ),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset to use SQLite)')
      .optional(),
  ),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_ISSUERS: optionalString,
  GOOGLE_JWKS_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  GOOGLE_AUTH_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  GOOGLE_API_KEY: optionalString,
  GOOGLE_SERVICE_ACCOUNT_FILE: optionalString,
  GOOGLE_SERVICE_ACCOUNT_JSON: optionalString.pipe(
    z
      .string()
      .refine(
        isJsonObject,
        'must be the JSON of a service-account key file (or use GOOGLE_SERVICE_ACCOUNT_FILE)',
      )
      .optional(),
  ),
  GOOGLE_SHEETS_API_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  GOOGLE_DRIVE_API_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  GOOGLE_DOCS_API_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  GOOGLE_TOKEN_CLIENT_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
  GOOGLE_TIMEOUT_MS: positiveInt(10_000),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(900),
  REFRESH_TOKEN_TTL_DAYS: positiveInt(30),
  ADMIN_EMAILS: z.string().default(''),
  ALLOW_LOCAL_MODE: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: positiveInt(262_144),
  RATE_LIMIT_PER_MINUTE: positiveInt(600),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379')
      .optional(),
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    }),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt(30_000),
  HTTP_HEADERS_TIMEOUT_MS: positiveInt(10_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt(5_000),
  MAX_CONNECTIONS_PER_IP: positiveInt(200),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  SHEETS_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  SHEET_SYNC_ENABLED: z
    .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  DELIVERIES_ENABLED: z
    .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  DELIVERIES_POLL_MS: positiveInt(1_000),
  DELIVERIES_LEASE_SECONDS: positiveInt(130),
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  SHEET_SYNC_WRITES_PER_MINUTE: positiveInt(60),
  SHEET_SYNC_TIMEZONE: z.string().trim().min(1).default('UTC'),
  SHEET_SYNC_LEASE_SECONDS: positiveInt(60),
  PUBLIC_RATE_LIMIT_PER_MINUTE: positiveInt(60),
  LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  // Unset: database on PostgreSQL (which several instances share), filesystem on SQLite (see loadConfig).
  SIGNATURE_STORAGE: optionalString.pipe(
    z.enum(['filesystem', 'database'], { message: 'must be filesystem or database' }).optional(),
  ),
  CHROMIUM_PATH: z.string().trim().min(1).default('/usr/bin/chromium'),
  PDF_CONCURRENCY: positiveInt(2),
  PDF_QUEUE_LIMIT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0)
    .default(20),
  PDF_TIMEOUT_MS: positiveInt(15_000),
  PDF_RECYCLE_AFTER: positiveInt(200),
  PDF_WARM_START: booleanFlag,
  PDF_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  // Unset: one thread per core beyond the first (at least 1, at most 4).
  HTML_WORKERS: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(16)
    .optional(),
  HTML_QUEUE_LIMIT: positiveInt(32),
  HTML_WORK_TIMEOUT_MS: positiveInt(5_000),
  CHAT_START_RATE_LIMIT_PER_MINUTE: positiveInt(10),
  CHAT_MESSAGE_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  CHAT_RETENTION_DAYS: positiveInt(90),
  QUESTIONS_SHEET_URL: optionalString.pipe(
    z
      .string()
      .refine(
        (url) => extractSpreadsheetId(url) !== undefined,
        'must be a Google Sheets URL such as https://docs.google.com/spreadsheets/d/{id}/edit',
      )
      .optional(),
  ),
  CONTACT_RATE_LIMIT_PER_MINUTE: positiveInt(5),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^smtps?:\/\/[^\s]+$/,
        'must be an smtp:// or smtps:// URL such as smtps://user:pass@smtp.example.com',
      )
      .optional(),
  ),
  SMTP_FROM: optionalString,
  SMTP_TIMEOUT_MS: positiveInt(10_000),
  WEB_DIST_DIR: optionalString,
  SERVE_WEB: z
    .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? undefined : value === 'true' || value === '1',
    ),
});

export type Mode = 'local' | 'google';

/** Fastify's `trustProxy`: nothing, a hop count, or the addresses / CIDR ranges of trusted proxies. */
export type TrustProxy = false | number | string[];

/** Validated, derived configuration. Nothing else in the server reads process.env. */
export interface Config {
  env: 'development' | 'production' | 'test';
  mode: Mode;
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  google: {
    clientId: string;
    issuers: string[];
    jwksUrl: string;
    authorizationEndpoint: string;
  };
  /** Google's data APIs (or the emulator's copies of them) and the server's credentials for them. */
  googleApis: {
    sheetsUrl: string;
    driveUrl: string;
    docsUrl: string;
    /** Reads link-shared sheets when no service account is configured. */
    apiKey: string | undefined;
    /** The key file's JSON wins over its path; the file is read on first use (the emulator writes it at start). */
    serviceAccount: { json: string } | { file: string } | undefined;
    timeoutMs: number;
  };
  /**
   * Where the browser reaches Google for document templates with the owner's own token (the auth config's
   * `googleApis`): Google Identity Services' script and the Docs, Sheets and Drive bases. Google's in Google
   * mode; the emulator's public URLs in local mode (the server's own calls use `googleApis` over loopback).
   */
  browserGoogleApis: {
    tokenClientScriptUrl: string;
    docsApiUrl: string;
    sheetsApiUrl: string;
    driveApiUrl: string;
  };
  /** Undefined means: generate one and keep it in DATA_DIR (refused in production, see loadConfig). */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  adminEmails: string[];
  logLevel: string;
  bodyLimitBytes: number;
  /**
   * Which peers' X-Forwarded-For to believe when working out the client's address (request.ip, the key of
   * every per-IP rate limit): false (nobody, the default), a hop count, or proxy addresses / CIDR ranges.
   */
  trustProxy: TrustProxy;
  /** Limits that keep slow or greedy clients from holding the server's connections (docs/security.md). */
  http: {
    /** Receiving one whole request, body included, from its first byte (the response may take longer). */
    requestTimeoutMs: number;
    /** From the connection's (or the keep-alive request's) first byte to the end of its headers. */
    headersTimeoutMs: number;
    /** How long an idle keep-alive connection stays open between requests. */
    keepAliveTimeoutMs: number;
    /** Open connections per remote (socket) address; more are closed at once. */
    maxConnectionsPerIp: number;
  };
  /**
   * Redis, when REDIS_URL is set: the rate-limit counters live there, so every instance behind a proxy
   * counts against one budget. Without it they are in process memory (one instance).
   */
  redisUrl: string | undefined;
  /** Requests per minute per IP for the whole API, and a tighter budget for sign-in and refresh. */
  rateLimit: {
    perMinute: number;
    authPerMinute: number;
    sheetsPerMinute: number;
    /** Public form submit and signature upload, per IP and form (each IP gets 5 times that over all forms). */
    publicPerMinute: number;
    /** Respondent login attempts per IP and email (each IP gets 5 times that over all emails). */
    loginPerMinute: number;
  };
  /**
   * Where uploaded signature PNGs are kept: files under DATA_DIR (one instance), or the database, which
   * every instance sharing it reads (the default on PostgreSQL).
   */
  signatureStorage: { kind: 'filesystem'; dir: string } | { kind: 'database' };
  /** PDF export: one warm Chromium per process behind a bounded queue (decision 0012). */
  pdf: {
    chromiumPath: string;
    concurrency: number;
    queueLimit: number;
    timeoutMs: number;
    recycleAfter: number;
    /** Start the browser with the server instead of on the first export. */
    warmStart: boolean;
    /** PDF requests per minute per signed-in user and route (the ZIP route gets a tenth of it, at least 1). */
    perMinute: number;
  };
  /**
   * HTML work (sanitizing, filling, reading templates) on worker threads, never the main thread: how many
   * threads, how many tasks may wait, and each task's budget from arrival (then 503 with Retry-After).
   */
  htmlWork: { workers: number; queueLimit: number; timeoutMs: number };
  /** Visitor chat (issue 13): abuse limits and how long closed chats are kept. */
  chat: {
    /** Chats one address may start per minute. */
    startPerMinute: number;
    /** Visitor messages per minute per chat; an address gets 5 times that over all its chats. */
    messagesPerMinute: number;
    /** Closed chats (and their messages) are deleted this many days after closing. */
    retentionDays: number;
  };
  /**
   * The assistant's questions feed: the spreadsheet it reads (QUESTIONS_SHEET_URL), or in local mode
   * without one, the emulator's seeded spreadsheet found by its title; undefined: the feed answers 503.
   */
  questions: { spreadsheetId: string } | { emulatorTitle: string } | undefined;
  /** The contact form: its per-address budget and, with SMTP_URL, mail to ADMIN_EMAILS for each message. */
  contact: {
    perMinute: number;
    /** Undefined: messages are only stored (nothing is mailed). */
    smtpUrl: string | undefined;
    mailFrom: string;
    mailTimeoutMs: number;
  };
  /** The in-process worker that delivers stored responses by e-mail and to webhooks (issue 24). */
  deliveries: {
    enabled: boolean;
    /** How often an idle worker looks for new responses and due retries. */
    pollMs: number;
    /**
     * How long a claim holds its deliveries; after a crash they are sent again, with the same ids, when it
     * ends. The default covers a webhook's claim: up to 10 deliveries sent one after another, 10 s each.
     */
    leaseMs: number;
    /** Webhooks may reach loopback and private addresses (a LAN; tests). Off: only public addresses. */
    webhookAllowPrivate: boolean;
    /** Owner e-mails can go out: SMTP_URL is set, or local mode logs them instead. */
    mail: { smtpUrl: string; from: string; timeoutMs: number } | { logOnly: true } | undefined;
  };
  /** The in-process worker that appends stored responses to their sheets. */
  sheetSync: {
    enabled: boolean;
    writesPerMinute: number;
    timeZone: string;
    /** How long a claim holds a response; after a crash, its claims return to the queue when it ends. */
    leaseMs: number;
  };
  webDistDir: string;
  serveWeb: boolean;
}

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
        }
      : {
          clientId: LOCAL_CLIENT_ID,
          issuers: splitList(e.GOOGLE_ISSUERS) ?? [`${publicUrl}/__google`],
          // The server checks tokens against its own emulator over loopback HTTP, exactly as it would call Google.
          jwksUrl: e.GOOGLE_JWKS_URL ?? `${selfUrl}/__google/oauth2/v3/certs`,
          authorizationEndpoint: e.GOOGLE_AUTH_URL ?? `${publicUrl}/__google/o/oauth2/v2/auth`,
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
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, empty, `false` or `0` trust nobody; a whole number trusts that many hops in front of
 * the server; otherwise a comma-separated list of proxy addresses / CIDR ranges. `true` (trust every
 * peer's X-Forwarded-For) is refused: any client could then choose its own address.
 */
function parseTrustProxy(raw: string | undefined): TrustProxy | { problem: string } {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return Number.isSafeInteger(hops) ? hops : { problem: 'must be a hop count such as 1' };
  }
  if (value === 'true') {
    return {
      problem:
        'must not be true (every client could then pick its own address): give the number of proxies in front of the server, or their addresses',
    };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    return {
      problem: `must be false, a hop count, or a comma-separated list of IP addresses / CIDR ranges (such as 10.0.0.0/8); not valid: ${invalid.join(', ')}`,
    };
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function splitList(value: string | undefined): string[] | undefined {
  const items = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
}
