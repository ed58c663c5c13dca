import type { Redis } from 'ioredis';

/** What the rest of the server needs from Redis: the client for the rate-limit store, a ping, a close. */
export interface RedisConnection {
  /** ioredis, as @fastify/rate-limit's Redis store expects it (it defines its Lua commands on it). */
  client: Redis;
  /** Resolves when Redis answers PING within the command timeout; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface RedisConnectionOptions {
  url: string;
  /** A command that takes longer fails (the caller decides what failing means). */
  commandTimeoutMs?: number;
  /** How long start-up waits for the first connection before giving up. */
  connectTimeoutMs?: number;
  /** Told about connection losses and recoveries (once per change, not per retry). */
  log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

export class RedisUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    super(`Redis at ${redactedUrl(url)} did not answer: ${(cause as Error)?.message ?? String(cause)}`, {
      cause,
    });
    this.name = 'RedisUnavailableError';
  }
}

/** The URL without its password, for messages and logs. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Connects before the server listens, so a wrong REDIS_URL stops start-up with a clear message instead of
 * an instance that serves without shared limits. Afterwards a lost connection is retried forever in the
 * background; meanwhile commands fail at once (no offline queue, one attempt, a short timeout) so a request
 * never waits on Redis, and /health/ready reports the instance not ready.
 */
export async function connectRedis(options: RedisConnectionOptions): Promise<RedisConnection> {
  // Loaded only when REDIS_URL is set (about 24 MiB of resident memory otherwise spent for nothing).
  const { Redis } = await import('ioredis');
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    connectTimeout: options.connectTimeoutMs ?? 5_000,
    // Reconnect with a growing pause, at most 2 s apart, for as long as the process runs.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Without a listener ioredis prints every failed reconnect; report each change of state once instead.
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  const lost = (error?: Error) => {
    if (state !== 'up') return;
    state = 'down';
    options.log?.warn({ err: error }, 'Redis connection lost; rate limits are not enforced until it is back');
  };
  client.on('error', lost);
  // A connection closed without an error (Redis restarted cleanly) is a loss too.
  client.on('close', () => lost());
  client.on('ready', () => {
    if (state === 'down') options.log?.info({}, 'Redis connection is back');
    state = 'up';
  });

  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new RedisUnavailableError(options.url, error);
  }

  return {
    client,
    async ping() {
      const answer = await client.ping();
      if (answer !== 'PONG') throw new Error(`unexpected PING answer: ${answer}`);
    },
    async close() {
      try {
        await client.quit();
      } catch {
        // Already disconnected: nothing to flush.
        client.disconnect();
      }
    },
  };
}
