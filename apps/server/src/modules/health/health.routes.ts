import { envelope, HealthSchema } from '@sheetforms/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { type DatabaseHandle, pendingMigrations } from '../../db/database.js';
import { HttpError } from '../../http/http-error.js';
import type { RedisConnection } from '../../redis/redis-connection.js';
import type { Readiness } from './readiness.js';

const LiveSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({
  status: z.literal('ready'),
  checks: z.object({
    database: z.literal('ok'),
    migrations: z.literal('ok'),
    /** Present only when REDIS_URL is set. */
    redis: z.literal('ok').optional(),
  }),
});

export async function healthRoutes(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    mode: 'local' | 'google';
    readiness: Readiness;
    /** Checked by /health/ready when REDIS_URL is set: the rate limits of every instance live there. */
    redis?: Pick<RedisConnection, 'ping'>;
  },
) {
  const startedAt = Date.now();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: envelope(HealthSchema) },
      },
    },
    async (request) => {
      await checkDatabase(request);
      return {
        data: {
          status: 'ok' as const,
          database: deps.database.kind,
          mode: deps.mode,
          uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        },
      };
    },
  );

  /** The process runs and its event loop answers: nothing else is checked (a proxy restarts it otherwise). */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health/live',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process runs',
        response: { 200: envelope(LiveSchema) },
      },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  /**
   * Whether a proxy should send this instance traffic: not shutting down, the database answers, every
   * migration of this build is applied, Redis answers (when configured). 503 with the reason otherwise.
   */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health/ready',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Readiness: not shutting down, database and Redis reachable, migrations applied',
        response: { 200: envelope(ReadySchema) },
      },
    },
    async (request) => {
      const notReady = (detail: string) => new HttpError(503, 'NOT_READY', detail);
      const shutdown = deps.readiness.notReadyReason;
      if (shutdown) throw notReady(shutdown);
      await checkDatabase(request);
      let pending: string[];
      try {
        pending = await pendingMigrations(deps.database.db);
      } catch (error) {
        request.log.error({ err: error }, 'readiness check: migrations unreadable');
        throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
      }
      if (pending.length > 0) {
        throw notReady(`The database migrations are not applied yet: ${pending.join(', ')}`);
      }
      if (deps.redis) {
        try {
          await deps.redis.ping();
        } catch (error) {
          request.log.error({ err: error }, 'readiness check: Redis unreachable');
          throw new HttpError(503, 'REDIS_UNAVAILABLE', 'Redis is not reachable');
        }
      }
      const checks = { database: 'ok' as const, migrations: 'ok' as const };
      return {
        data: { status: 'ready' as const, checks: deps.redis ? { ...checks, redis: 'ok' as const } : checks },
      };
    },
  );

  async function checkDatabase(request: FastifyRequest) {
    try {
      await sql`select 1`.execute(deps.database.db);
      // On SQLite the writes of submissions go through the writer thread: check it answers too.
      if (deps.database.writeDb !== deps.database.db) await sql`select 1`.execute(deps.database.writeDb);
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
    }
  }
}
