import type { Redis } from 'ioredis';

/** A key's count in its current window, and how long the window has left. */
export interface RateCount {
  current: number;
  ttlMs: number;
}

/**
 * Fixed-window request counters: the API-wide limit per address and every public route's limits
 * (rate-limits.ts) count through one of these, in memory or, with REDIS_URL, in Redis for every instance.
 *
 * Callback-shaped on purpose: the memory counters answer before `hit` returns, so a request that passes
 * its limits costs no promise, no microtask turn and no result object per counter (they were 12 % of a
 * public submission's allocation through @fastify/rate-limit's async path, docs/performance.md). Redis
 * answers later through the same callback.
 */
export interface RateCounters {
  /**
   * Counts one request for `key` in a window of `windowMs` and calls `done` with the count, or with
   * undefined when the store failed: the request is then served (limits fail open while Redis is away;
   * /health/ready reports it and the connection logs it once).
   */
  hit(key: string, windowMs: number, done: (count: RateCount | undefined) => void): void;
}

/** Distinct keys a memory store keeps; the oldest window is forgotten first beyond it. */
export const MEMORY_RATE_COUNTER_CAPACITY = 10_000;

/**
 * Counters for one instance. Bounded: at most `capacity` keys, the least recently started window dropped
 * first (a flood of new addresses forgets old counters rather than growing the heap; a forgotten key
 * starts a new window, which only ever lets a request through, never refuses one).
 */
export function memoryRateCounters(
  capacity = MEMORY_RATE_COUNTER_CAPACITY,
  now: () => number = Date.now,
): RateCounters {
  // Map keeps insertion order, and a key is re-inserted when its window starts: the first key is the
  // oldest window.
  const windows = new Map<string, { current: number; startedAt: number }>();
  return {
    hit(key, windowMs, done) {
      const at = now();
      const window = windows.get(key);
      if (window && at - window.startedAt < windowMs) {
        window.current++;
        done({ current: window.current, ttlMs: windowMs - (at - window.startedAt) });
        return;
      }
      windows.delete(key);
      windows.set(key, { current: 1, startedAt: at });
      if (windows.size > capacity) windows.delete(windows.keys().next().value as string);
      done({ current: 1, ttlMs: windowMs });
    },
  };
}

// INCR starts the window's expiry on its first hit; PTTL answers what is left. One round trip, atomic.
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type RedisWithHit = Redis & {
  sheetformsRateHit(key: string, windowMs: number, callback: (error: unknown, result: unknown) => void): void;
};

/**
 * Counters shared by every instance on one Redis (keys under `nameSpace`). A key without an expiry (left
 * by a script cut short) gets the window again on its next hit, so no counter outlives its window.
 */
export function redisRateCounters(client: Redis, nameSpace: string): RateCounters {
  const redis = client as RedisWithHit;
  if (typeof redis.sheetformsRateHit !== 'function') {
    client.defineCommand('sheetformsRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }
  return {
    hit(key, windowMs, done) {
      redis.sheetformsRateHit(`${nameSpace}${key}`, windowMs, (error, result) => {
        if (error || !Array.isArray(result)) return done(undefined);
        done({ current: Number(result[0]), ttlMs: Number(result[1]) });
      });
    },
  };
}
