import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serviceAccountKeyPath } from './access/service-accounts.js';
import {
  DEFAULT_LOCAL_CLIENT_ID,
  normalizeIssuer,
  type QuotaOptions,
  resolveApiKeys,
  resolveQuotaSettings,
} from './emulator-options.js';
import { registerEmulatorRoutes } from './emulator-routes.js';
import { openEmulatorServices, startServices } from './emulator-services.js';
import type { IdentityStore } from './identity/identity-store.js';

/** Where the standalone emulator mounts itself, as the app server does. */
export const EMULATOR_PREFIX = '/__google';

/** Options of {@link startStandaloneEmulator}. */
export interface StandaloneEmulatorOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** Directory for persistent state (see {@link GoogleEmulatorOptions.dataDir}). */
  dataDir: string;
  /** Default `sheetforms-local.apps.googleusercontent.com`. */
  clientId?: string;
  /**
   * The URL browsers reach the server at, when it differs from `http://{host}:{port}` (e.g. listening on
   * 0.0.0.0 in a container). The issuer becomes `{publicUrl}/__google`.
   */
  publicUrl?: string;
  /** Registers the `/__emulator` control endpoints. Default true. */
  enableControlApi?: boolean;
  /** Log requests with Fastify's logger. Default false. */
  logger?: boolean;
  /** Accepted API keys. Default `['local-emulator-api-key']`. */
  apiKeys?: string[];
  /** Google's per-minute quotas. Default off. */
  quota?: QuotaOptions;
  /** Add the demo data on first start. Default true. */
  seed?: boolean;
}

/** A running standalone emulator. */
export interface StandaloneEmulator {
  /** Where this process can reach the emulator, e.g. `http://127.0.0.1:4010/__google`. */
  url: string;
  /**
   * The same server at its root, e.g. `http://127.0.0.1:4010/`: Google's paths (`/v4/spreadsheets/…`,
   * `/drive/v3/…`, `/v1/documents/…`, `/token`) without the prefix, for Google's own client libraries,
   * which keep only the origin of a `rootUrl`.
   */
  rootUrl: string;
  /** The issuer in its tokens: `url`, or `{publicUrl}/__google` when a public URL was given. */
  issuer: string;
  /** The identity state, e.g. to check access tokens from tests. */
  identity: IdentityStore;
  /** The default service account's key file (its `token_uri` is `{issuer}/token`). */
  serviceAccountKeyPath: string;
  /** Stops listening and waits for open requests to finish. */
  close(): Promise<void>;
}

/**
 * Starts the emulator on its own Fastify server under `/__google` and at the root, for tests, for Google's
 * client libraries and for running the web app against it without the app server. The issuer is `http://{host}:{port}/__google` (127.0.0.1 standing in
 * for a wildcard host), or `{publicUrl}/__google`.
 */
export async function startStandaloneEmulator(
  options: StandaloneEmulatorOptions,
): Promise<StandaloneEmulator> {
  const host = options.host ?? '127.0.0.1';
  if (options.publicUrl !== undefined) normalizeIssuer(options.publicUrl);
  // The port is known only after listening, and routes read the issuer per request, so it is filled in then.
  let issuer = '';
  const services = await openEmulatorServices({
    dataDir: options.dataDir,
    issuer: () => issuer,
    clientId: options.clientId ?? DEFAULT_LOCAL_CLIENT_ID,
    enableControlApi: options.enableControlApi ?? true,
    appName: 'SheetForms',
    apiKeys: resolveApiKeys(options.apiKeys),
    quota: resolveQuotaSettings(options.quota),
    seed: options.seed ?? true,
    now: Date.now,
  });

  const app = Fastify({ logger: options.logger ?? false });
  await app.register((emulator) => registerEmulatorRoutes(emulator, services), { prefix: EMULATOR_PREFIX });
  // The same routes at the root too: Google's clients resolve their rootUrl against the origin only, so
  // on its own port the emulator answers where Google does. (Mounted in the app, only the prefix exists.)
  await app.register((emulator) => registerEmulatorRoutes(emulator, services));
  app.addHook('onClose', () => services.spreadsheets.flush());
  try {
    await app.listen({ port: options.port ?? 0, host });
  } catch (error) {
    await app.close();
    throw error;
  }

  const { port } = app.server.address() as AddressInfo;
  // A wildcard address is not somewhere a browser can go, so URLs name the loopback interface instead.
  const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const origin = `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${port}`;
  const url = `${origin}${EMULATOR_PREFIX}`;
  issuer = options.publicUrl
    ? normalizeIssuer(`${options.publicUrl.replace(/\/+$/, '')}${EMULATOR_PREFIX}`)
    : url;
  await startServices(services);
  return {
    url,
    rootUrl: `${origin}/`,
    issuer,
    identity: services.identity,
    serviceAccountKeyPath: serviceAccountKeyPath(options.dataDir),
    close: () => app.close(),
  };
}
