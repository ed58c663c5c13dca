import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Redis } from 'ioredis';
import { addressKey } from './client-address-key.js';
import { HttpError } from './http-error.js';
import { memoryRateCounters, type RateCount, type RateCounters, redisRateCounters } from './rate-counters.js';

export interface PublicLimit {
  /** Requests per window for one key. */
  max: number;
  /** The counter's key, e.g. `${ip}:${formId}`; undefined skips this limit for the request. */
  key: (request: FastifyRequest) => string | undefined;
  /** What a limited caller reads (the problem's detail). */
  message?: string;
}

/**
 * A route's limits, as an onRequest/preValidation hook (Fastify passes `done`: a request within its limits
 * runs on without a promise) or awaited inside a handler (no `done`: a promise).
 */
export interface PublicLimits {
  (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
  (request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

const MINUTE = 60_000;
const DEFAULT_MESSAGE = 'Too many requests. Please try again later.';
/** The Redis keys' prefix, shared with @fastify/rate-limit's per-route limits (sign-in, sheets, PDF). */
export const REDIS_NAME_SPACE = 'sheetforms:rate-limit:';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counters for a set of limits: with REDIS_URL, Redis's (shared by every instance); otherwise a bounded
     * memory store of its own, so a flood of keys on one route never pushes out another route's counters.
     */
    newRateCounters(): RateCounters;
  }
}

/** Where the limits count: decorates the app with `newRateCounters` (before any route registers). */
export function registerRateCounters(app: FastifyInstance, redis: Redis | undefined) {
  const shared = redis ? redisRateCounters(redis, REDIS_NAME_SPACE) : undefined;
  app.decorate('newRateCounters', () => shared ?? memoryRateCounters());
}

/**
 * Keys carry what a client sent (an email on the login route, read before the body is validated): a long
 * one is counted under its digest, so no key holds more than about a hundred bytes in memory or in Redis.
 */
function counterKey(key: string | undefined): string | undefined {
  if (key === undefined || key.length <= MAX_KEY_LENGTH) return key;
  return `${key.slice(0, 32)}#${createHash('sha256').update(key).digest('base64url')}`;
}
const MAX_KEY_LENGTH = 128;

const retryAfterSeconds = (count: RateCount) => String(Math.max(1, Math.ceil(count.ttlMs / 1000)));

/**
 * The API-wide limit per client address (RATE_LIMIT_PER_MINUTE) on every /api/ route, except routes that
 * set their own (`config.rateLimit`: an object is @fastify/rate-limit's per-route limit, which stands in for
 * this one; `false` is none, as for health checks). Each reply says its budget (X-RateLimit-Limit,
 * -Remaining, -Reset, in seconds); a refused one also says Retry-After.
 *
 * Added to each route as it is declared, after the route's own onRequest hooks (as the plugin's global limit
 * was): a public route's own limits count first, and the route is chosen by its path, not by how the
 * request spelled it (`/%61pi/...` reaches the same route). Unknown paths are not counted, as before.
 * Call before any route is declared.
 */
export function registerApiRateLimit(app: FastifyInstance, perMinute: number) {
  const counters = app.newRateCounters();
  const limit = String(perMinute);
  const enforce = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    counters.hit(`api:${addressKey(request.ip)}`, MINUTE, (count) => {
      if (count === undefined) return done();
      const reset = retryAfterSeconds(count);
      reply.header('x-ratelimit-limit', limit);
      reply.header('x-ratelimit-remaining', String(Math.max(0, perMinute - count.current)));
      reply.header('x-ratelimit-reset', reset);
      if (count.current <= perMinute) return done();
      reply.header('retry-after', reset);
      done(new HttpError(429, 'RATE_LIMITED', DEFAULT_MESSAGE));
    });
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.rateLimit != null) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [...own, enforce];
  });
}

/**
 * Several counters on one route (per IP, per IP and form, per IP and email). @fastify/rate-limit's route
 * option allows one limit per route and runs before the body is parsed, so the public routes call these
 * checks themselves, at the point where the form id or email is known. The first limit a request is over
 * refuses it with 429 and Retry-After; the counters after it are not counted.
 */
export function createPublicLimits(app: FastifyInstance, limits: PublicLimit[]): PublicLimits {
  const counters = app.newRateCounters();

  function check(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    let index = 0;
    // Walks the limits in order. The memory store answers inside `hit`, so the walk stays one loop; Redis
    // answers later, and the walk resumes from its callback.
    const walk = (): void => {
      while (index < limits.length) {
        const limit = limits[index++] as PublicLimit;
        let key: string | undefined;
        try {
          key = counterKey(limit.key(request));
        } catch (error) {
          // On Redis this runs inside the client's callback, where a throw would escape the request.
          done(error as Error);
          return;
        }
        if (key === undefined) continue;
        let outcome: 'pass' | 'refused' | undefined;
        let resumeLater = false;
        counters.hit(key, MINUTE, (count) => {
          if (count !== undefined && count.current > limit.max) {
            outcome = 'refused';
            reply.header('retry-after', retryAfterSeconds(count));
            done(new HttpError(429, 'RATE_LIMITED', limit.message ?? DEFAULT_MESSAGE));
            return;
          }
          outcome = 'pass';
          if (resumeLater) walk();
        });
        if (outcome === undefined) {
          resumeLater = true;
          return;
        }
        if (outcome === 'refused') return;
      }
      done();
    };
    walk();
  }

  return function enforce(request: FastifyRequest, reply: FastifyReply, done?: HookHandlerDoneFunction) {
    if (done) return check(request, reply, done);
    return new Promise<void>((resolve, reject) =>
      check(request, reply, (error) => (error ? reject(error) : resolve())),
    );
  } as PublicLimits;
}
