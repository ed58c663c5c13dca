// Types of local-server.mjs, for the TypeScript tests that import it (the crash-recovery test).
import type { ChildProcess } from 'node:child_process';

export declare const repositoryRoot: string;

/** The options `npm start` gives node (between `node` and the entry of package.json's start script). */
export declare function shippedNodeOptions(): string[];

export interface StartServerOptions {
  /** DATA_DIR: the SQLite file, the emulator's spreadsheets and the uploads; kept across restarts. */
  dataDir: string;
  /** A fixed port (a restart must keep PUBLIC_URL); a free one when left out. */
  port?: number;
  /** Extra environment, over the helper's defaults. */
  env?: Record<string, string>;
  /** 'dist' runs apps/server/dist/main.js (build first); 'source' runs src/main.ts through tsx. */
  entry?: 'dist' | 'source';
  /** With entry 'dist': the tree whose apps/server/dist/main.js runs (another build, to compare); default this one. */
  distRoot?: string;
  /** Options for node itself, after the shipped ones and before the entry (e.g. ['--cpu-prof', '--cpu-prof-dir=DIR']). */
  nodeArgs?: string[];
  /** The child's stdout and stderr: 'inherit' (default), 'pipe' (read them from `child`) or 'ignore'. */
  stdio?: 'inherit' | 'pipe' | 'ignore';
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface LocalServer {
  /** http://127.0.0.1:{port} */
  base: string;
  port: number;
  pid: number | undefined;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<ServerExit>;
  /** SIGTERM and wait: the server finishes in-flight requests and stops its worker. */
  stop(): Promise<ServerExit>;
  /** SIGKILL and wait: no shutdown hooks, no flush. */
  kill(): Promise<ServerExit>;
}

export declare function startServer(options: StartServerOptions): Promise<LocalServer>;

export declare function waitForHealth(
  base: string,
  exited?: Promise<unknown>,
  timeoutMs?: number,
  healthPath?: string,
): Promise<void>;

/** Signs in as an owner through the emulator's ID token; answers the access token. */
export declare function signIn(base: string, email?: string): Promise<string>;

/** The emulator's control API; answers the parsed JSON body (undefined when empty), shaped per path. */
export declare function control(
  base: string,
  method: string,
  controlPath: string,
  body?: unknown,
): Promise<any>;

export interface BenchField {
  label: string;
  type: string;
  required: boolean;
  placeHolder: string;
}

export declare const BENCH_FIELDS: BenchField[];

export interface SheetForm {
  formId: string;
  spreadsheetId: string;
  sheetName: string;
}

export declare function createSheetForm(
  base: string,
  token: string,
  options?: { name?: string; fields?: BenchField[] },
): Promise<SheetForm>;

/** The JSON body of one submission to a form with BENCH_FIELDS; `key` is its idempotency key. */
export declare function submissionBody(key: string, n?: number): string;

export interface SubmitResult {
  /** The HTTP status, or 0 when the connection failed (refused, reset, closed). */
  status: number;
  responseId?: string;
  error?: string;
}

/** POST submit-form; never throws on a refused connection. */
export declare function submit(base: string, formId: string, key: string, n?: number): Promise<SubmitResult>;

/** A sheet's rows as text (header first), read through the control API. */
export declare function sheetValues(
  base: string,
  spreadsheetId: string,
  sheetName: string,
): Promise<string[][]>;

/** Counts of a column's values in a sheet: Map(value → how many rows hold it). */
export declare function columnCounts(values: string[][], header: string): Map<string, number>;

export declare function freePort(): Promise<number>;

export declare function percentile(values: number[], p: number): number;

export declare function sleep(ms: number): Promise<void>;
