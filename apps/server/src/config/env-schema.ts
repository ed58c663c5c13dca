import { extractSpreadsheetId } from '@sheetforms/contract';
import { z } from 'zod';
import { parseTrustProxy } from './trust-proxy.js';

export const optionalString = z
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
export const EnvSchema = z.object({
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
  GOOGLE_TOKENINFO_URL: optionalString.pipe(z.url({ message: 'must be an absolute URL' }).optional()),
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
  REQUEST_LOG_LINES_PER_SECOND: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (every line) or more')
    .default(100),
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

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
