/** The client id local mode uses when none is configured. */
export const DEFAULT_LOCAL_CLIENT_ID = 'sheetforms-local.apps.googleusercontent.com';

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
}

/** Options after checking, with the issuer read lazily (a standalone server knows its port only once listening). */
export interface EmulatorConfig {
  dataDir: string;
  issuer: () => string;
  clientId: string;
  enableControlApi: boolean;
  appName: string;
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
