import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config-types.js';
import { addressKey } from '../http/client-address-key.js';
import { registerOpenApi } from '../http/openapi.js';
import { registerProblemHandlers } from '../http/problem.js';
import { REDIS_NAME_SPACE, registerApiRateLimit, registerRateCounters } from '../http/rate-limits.js';
import { registerSecurityHeaders } from '../http/security.js';
import { connectRedis, type RedisConnection } from '../redis/redis-connection.js';

/**
 * Security headers, the global rate limit (on Redis when REDIS_URL is set), problem+json errors and
 * OpenAPI. Returns the Redis connection, which health checks and chat tickets share.
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  config: Config,
): Promise<RedisConnection | undefined> {
  await registerSecurityHeaders(app, config);
  // With REDIS_URL the counters are shared by every instance behind the proxy (docs/deploy.md).
  const redis = config.redisUrl ? await connectRedis({ url: config.redisUrl, log: app.log }) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  // The API-wide limit and the public routes' limits count through our own counters (rate-limits.ts:
  // synchronous in memory); @fastify/rate-limit serves the routes with a limit of their own
  // (`config.rateLimit`: sign-in, spreadsheet reads, PDF, questions), in the same Redis namespace.
  registerRateCounters(app, redis?.client);
  registerApiRateLimit(app, config.rateLimit.perMinute);
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.perMinute,
    timeWindow: 60_000,
    // Per client: an IPv6 /64, an IPv4 address (the plugin's own key would do the same, but every limit
    // keys through one function).
    keyGenerator: (request) => addressKey(request.ip),
    ...(redis
      ? {
          redis: redis.client,
          nameSpace: REDIS_NAME_SPACE,
          // Redis down: requests are served without limits rather than refused (the loss is logged and
          // /health/ready turns 503, so a proxy that checks it sends traffic elsewhere).
          skipOnError: true,
        }
      : {}),
  });
  registerProblemHandlers(app);
  await registerOpenApi(app, config.publicUrl);
  return redis;
}
