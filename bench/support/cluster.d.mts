// Types of cluster.mjs, for the TypeScript test that starts a small cluster (the several-instances test).
import type { BenchField } from './local-server.mjs';

export interface ClusterInstance {
  index: number;
  port: number;
  /** http://127.0.0.1:{port}, the instance itself (not through nginx). */
  url: string;
  readonly alive: boolean;
  readonly pid: number | undefined;
  /** Starts (or starts again) the instance and waits for /health/ready. */
  start(): Promise<ClusterInstance>;
  /** SIGKILL and wait. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
}

export interface Cluster {
  dir: string;
  /** nginx in front of every instance. */
  proxyUrl: string;
  /** The Google emulator's base URL (…/__google). */
  emulatorUrl: string;
  databaseUrl: string;
  redisUrl: string;
  instances: ClusterInstance[];
  stop(): Promise<void>;
}

/** The Debian packages the cluster needs and this machine lacks (empty when it can start one). */
export declare function missingPackages(): string[];

export declare function startCluster(options: {
  dir: string;
  instances?: number;
  env?: Record<string, string>;
  proxyPort?: number;
  keep?: boolean;
  entry?: 'dist' | 'source';
}): Promise<Cluster>;

export declare function emulatorControl(
  emulatorUrl: string,
  method: string,
  controlPath: string,
  body?: unknown,
): Promise<any>;

export declare function signInOwner(
  cluster: Cluster,
  email: string,
  base?: string,
): Promise<{ accessToken: string; refreshToken: string; user: { id: string; email: string; role: string } }>;

export declare function createClusterForm(
  cluster: Cluster,
  accessToken: string,
  options?: { name?: string; fields?: BenchField[] },
): Promise<{ formId: string; spreadsheetId: string }>;

export declare function sheetResponseIds(
  cluster: Cluster,
  spreadsheetId: string,
): Promise<Map<string, number>>;
