import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config/config-types.js';
import type { DatabaseHandle } from '../db/database.js';
import type { FetchFn } from '../google/google-http.js';
import type { IdTokenVerifier } from '../modules/auth/id-token-verifier.js';

export interface AppOverrides {
  /** An already-open database (tests share one per dialect). */
  database?: DatabaseHandle;
  idTokenVerifier?: IdTokenVerifier;
  now?: () => Date;
  /** The fetch Google clients use (tests count or fail requests through it). */
  googleFetch?: FetchFn;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /**
   * Whether local mode's emulator adds its demo spreadsheets on first start (default true). Test apps
   * talk to a standalone emulator and leave the app's own unseeded: writing the 100,000-row demo sheet
   * cost every test app about 150 ms.
   */
  localEmulatorSeed?: boolean;
}

/** What every module's wiring is built from: the server, its config, its database and the overrides. */
export interface AppContext {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  overrides: AppOverrides;
  /** The overridden clock as an option to spread into a module's deps (nothing when not overridden). */
  clock: { now?: () => Date };
  /** The overridden fetch for Google clients, to spread the same way. */
  googleFetch: { fetch?: FetchFn };
}

export function createAppContext(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  overrides: AppOverrides,
): AppContext {
  return {
    app,
    config,
    database,
    overrides,
    clock: overrides.now ? { now: overrides.now } : {},
    googleFetch: overrides.googleFetch ? { fetch: overrides.googleFetch } : {},
  };
}
