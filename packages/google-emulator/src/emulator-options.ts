/** The client id local mode uses when none is configured. */
export const DEFAULT_LOCAL_CLIENT_ID = 'sheetforms-local.apps.googleusercontent.com';

/** The API key local mode accepts (option `apiKeys` defaults to just this one). */
export const LOCAL_API_KEY = 'local-emulator-api-key';

/** Google's Sheets quotas (per minute); the emulator enforces them only when `enabled`. */
export interface QuotaOptions {
  enabled: boolean;
  /** Default 60, as Google. */
  readsPerMinutePerUser?: number;
  /** Default 60, as Google. */
  writesPerMinutePerUser?: number;
  /** Default 300, as Google; reads and writes are counted separately against it. */
  requestsPerMinutePerProject?: number;
}

/** Quota settings with every limit filled in. */
export interface QuotaSettings {
  enabled: boolean;
  readsPerMinutePerUser: number;
  writesPerMinutePerUser: number;
  requestsPerMinutePerProject: number;
}

/** Fills in Google's limits where `options` leaves them out; no options means quotas are off. */
export function resolveQuotaSettings(options: QuotaOptions | undefined): QuotaSettings {
  const limit = (value: number | undefined, fallback: number, name: string) => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`google emulator: quota.${name} must be a positive integer`);
    }
    return value;
  };
  return {
    enabled: options?.enabled ?? false,
    readsPerMinutePerUser: limit(options?.readsPerMinutePerUser, 60, 'readsPerMinutePerUser'),
    writesPerMinutePerUser: limit(options?.writesPerMinutePerUser, 60, 'writesPerMinutePerUser'),
    requestsPerMinutePerProject: limit(
      options?.requestsPerMinutePerProject,
      300,
      'requestsPerMinutePerProject',
    ),
  };
}

/** Options of {@link googleEmulatorPlugin}. */
export interface GoogleEmulatorOptions {
  /** Directory for persistent state; the emulator keeps its files in `{dataDir}/google-emulator/`. */
  dataDir: string;
  /** The full issuer URL, i.e. where the plugin is reachable: `http://localhost:3000/__google`. */
  issuer: string;
  /** The only OAuth client id the authorization endpoint accepts, and the default ID token audience. */
  clientId: string;
  /** Registers the emulator-only control endpoints under `/__emulator`. Default true. */
  enableControlApi?: boolean;
  /** The app name the chooser shows ("to continue to …"). Default `SheetForms`. */
  appName?: string;
  /** API keys the Sheets, Drive and Docs endpoints accept in `?key=`. Default `['local-emulator-api-key']`. */
  apiKeys?: string[];
  /** Google's per-minute quotas. Default off; the control API (`PUT /__emulator/quota`) can switch them. */
  quota?: QuotaOptions;
  /** Adds the demo spreadsheets and document on first start (and after a reset). Default true. */
  seed?: boolean;
}

/** Options after checking, with the issuer read lazily (a standalone server knows its port only once listening). */
export interface EmulatorConfig {
  dataDir: string;
  issuer: () => string;
  clientId: string;
  enableControlApi: boolean;
  appName: string;
  apiKeys: string[];
  quota: QuotaSettings;
  seed: boolean;
  /** Milliseconds since the epoch; injectable for tests. */
  now: () => number;
}

/** Checks the options at registration, so a misconfigured server fails at start, not at first sign-in. */
export function resolveEmulatorOptions(options: GoogleEmulatorOptions): EmulatorConfig {
  if (typeof options.dataDir !== 'string' || options.dataDir === '') {
    throw new TypeError('google emulator: dataDir must be a non-empty path');
  }
  if (typeof options.clientId !== 'string' || options.clientId === '') {
    throw new TypeError('google emulator: clientId must be a non-empty string');
  }
  const issuer = normalizeIssuer(options.issuer);
  return {
    dataDir: options.dataDir,
    issuer: () => issuer,
    clientId: options.clientId,
    enableControlApi: options.enableControlApi ?? true,
    appName: options.appName ?? 'SheetForms',
    apiKeys: resolveApiKeys(options.apiKeys),
    quota: resolveQuotaSettings(options.quota),
    seed: options.seed ?? true,
    now: Date.now,
  };
}

/** Issuers compare as exact strings, so a trailing slash would make every token fail verification. */
export function normalizeIssuer(issuer: string): string {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new TypeError(`google emulator: issuer must be an absolute URL, got ${JSON.stringify(issuer)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`google emulator: issuer must be an http(s) URL, got ${JSON.stringify(issuer)}`);
  }
  if (url.search || url.hash)
    throw new TypeError('google emulator: issuer must not have a query or fragment');
  return issuer.replace(/\/+$/, '');
}

/** Checks the `apiKeys` option; an empty list is allowed (every key is then invalid). */
export function resolveApiKeys(apiKeys: string[] | undefined): string[] {
  if (apiKeys === undefined) return [LOCAL_API_KEY];
  if (!Array.isArray(apiKeys) || apiKeys.some((key) => typeof key !== 'string' || key === '')) {
    throw new TypeError('google emulator: apiKeys must be a list of non-empty strings');
  }
  return [...apiKeys];
}
