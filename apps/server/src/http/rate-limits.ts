import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.js';

export interface PublicLimit {
  /** Requests per window for one key. */
  max: number;
  /** The counter's key, e.g. `${ip}:${formId}`; undefined skips this limit for the request. */
  key: (request: FastifyRequest) => string | undefined;
  /** What a limited caller reads (the problem's detail). */
  message?: string;
}

const MINUTE = 60_000;
const DEFAULT_MESSAGE = 'Too many requests. Please try again later.';

/**
 * Several @fastify/rate-limit counters on one route (per IP, per IP and form, per IP and email).
 * The plugin's route option allows one limit per route and runs before the body is parsed, so the public
 * routes call these checks themselves, at the point where the form id or email is known.
 */
export function createPublicLimits(app: FastifyInstance, limits: PublicLimit[]) {
  const counters = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: MINUTE,
      keyGenerator: (request) => limit.key(request) ?? '',
      // A route that calls these checks wants them: the global allow list (only /api/ is limited by
      // default) must not wave through a public route outside /api, such as the form page's POST. An empty
      // list, not a function: the plugin awaits a function's answer, a promise per counter per request.
      allowList: [],
    }),
  }));
  return async function enforce(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    for (const { limit, check } of counters) {
      if (limit.key(request) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new HttpError(429, 'RATE_LIMITED', limit.message ?? DEFAULT_MESSAGE);
      }
    }
  };
}
