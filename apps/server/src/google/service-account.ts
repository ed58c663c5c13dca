import fs from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import { z } from 'zod';
import { GoogleApiError } from './google-api-error.js';
import { type FetchFn, googleJson } from './google-http.js';

/** The fields of a Google service-account key file we use. */
export const ServiceAccountKeySchema = z.object({
  type: z.literal('service_account'),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url(),
});
export type ServiceAccountKey = z.infer<typeof ServiceAccountKeySchema>;

/** Where the key comes from: its JSON text (GOOGLE_SERVICE_ACCOUNT_JSON) or a file path. */
export type ServiceAccountSource = { json: string } | { file: string };

/** Scopes of the server's service account: read and write sheets, export Drive files. */
export const SERVICE_ACCOUNT_SCOPES = [
  'https://www.googleapis.com/auth/spreadsheets',
  'https://www.googleapis.com/auth/drive.readonly',
] as const;

/**
 * Access tokens for Google APIs. The service account is the only implementation today; per-user OAuth
 * tokens would be another.
 */
export interface AccessTokenSource {
  /** A valid bearer token, from the cache when it is still good. */
  getAccessToken(): Promise<string>;
  /** Forget the cached token, e.g. after Google answered 401 to it. */
  invalidate(): void;
  /** The email users share their spreadsheets with. */
  clientEmail(): Promise<string>;
}

export interface ServiceAccountTokensOptions {
  source: ServiceAccountSource;
  timeoutMs: number;
  scopes?: readonly string[];
  fetch?: FetchFn;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

type SigningKey = Awaited<ReturnType<typeof importPKCS8>>;

/** Tokens are renewed this long before Google says they expire, so none expires in flight. */
const EXPIRY_MARGIN_MS = 60_000;
const ASSERTION_LIFETIME_SECONDS = 3600;

const TokenReplySchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

/**
 * The OAuth 2.0 jwt-bearer exchange for a service account, as Google's libraries do it (RS256 JWT with
 * iss, scope, aud = token_uri, iat, exp), signed with jose. The token URL is the key file's token_uri,
 * so the emulator's key file points the exchange at the emulator without any switch here.
 * Tokens are cached until shortly before expiry; concurrent callers share one exchange.
 */
export function createServiceAccountTokens(options: ServiceAccountTokensOptions): AccessTokenSource {
  const fetchFn = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const scopes = (options.scopes ?? SERVICE_ACCOUNT_SCOPES).join(' ');
  let key: Promise<{ key: ServiceAccountKey; signingKey: SigningKey }> | undefined;
  let cached: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  function loadKey() {
    if (!key) {
      const loading = readServiceAccountKey(options.source).then(async (parsed) => ({
        key: parsed,
        signingKey: await importPKCS8(parsed.private_key, 'RS256').catch((error: unknown) => {
          throw new GoogleApiError(
            'UNAVAILABLE',
            'The service-account private_key is not a PKCS#8 PEM key',
            undefined,
            undefined,
            { cause: error },
          );
        }),
      }));
      // A key file that is missing now (the emulator writes it at start) may be there next time.
      loading.catch(() => {
        if (key === loading) key = undefined;
      });
      key = loading;
    }
    return key;
  }

  async function exchange(): Promise<string> {
    const { key: account, signingKey } = await loadKey();
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: scopes })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(account.private_key_id ? { kid: account.private_key_id } : {}),
      })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ASSERTION_LIFETIME_SECONDS)
      .sign(signingKey);
    const requestedAt = now();
    const body = await googleJson({
      method: 'POST',
      url: new URL(account.token_uri),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }).toString(),
      target: 'token',
      timeoutMs: options.timeoutMs,
      fetch: fetchFn,
    });
    const reply = TokenReplySchema.safeParse(body);
    if (!reply.success) {
      throw new GoogleApiError('UNAVAILABLE', 'The token endpoint answered without an access token');
    }
    cached = {
      token: reply.data.access_token,
      renewAt: requestedAt + reply.data.expires_in * 1000 - EXPIRY_MARGIN_MS,
    };
    return reply.data.access_token;
  }

  return {
    async getAccessToken() {
      if (cached && now() < cached.renewAt) return cached.token;
      inFlight ??= exchange().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    invalidate() {
      cached = undefined;
    },
    async clientEmail() {
      return (await loadKey()).key.client_email;
    },
  };
}

/** Reads and checks a key; a broken key is our configuration, so it reads as UNAVAILABLE. */
export async function readServiceAccountKey(source: ServiceAccountSource): Promise<ServiceAccountKey> {
  let text: string;
  if ('json' in source) {
    text = source.json;
  } else {
    try {
      text = await fs.readFile(source.file, 'utf8');
    } catch (error) {
      throw new GoogleApiError(
        'UNAVAILABLE',
        `The service-account key file ${source.file} cannot be read`,
        undefined,
        undefined,
        { cause: error },
      );
    }
  }
  return parseServiceAccountKey(text, 'json' in source ? 'GOOGLE_SERVICE_ACCOUNT_JSON' : source.file);
}

export function parseServiceAccountKey(text: string, origin: string): ServiceAccountKey {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new GoogleApiError(
      'UNAVAILABLE',
      `The service-account key in ${origin} is not JSON`,
      undefined,
      undefined,
      {
        cause: error,
      },
    );
  }
  const parsed = ServiceAccountKeySchema.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new GoogleApiError(
      'UNAVAILABLE',
      `The service-account key in ${origin} is not a service-account key file (check: ${fields})`,
    );
  }
  return parsed.data;
}
