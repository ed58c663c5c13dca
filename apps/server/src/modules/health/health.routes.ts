import { envelope, HealthSchema } from '@sheetforms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import { HttpError } from '../../http/http-error.js';

export async function healthRoutes(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; mode: 'local' | 'google' },
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
      try {
        await sql`select 1`.execute(deps.database.db);
        // On SQLite the writes of submissions go through the writer thread: check it answers too.
        if (deps.database.writeDb !== deps.database.db) await sql`select 1`.execute(deps.database.writeDb);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
      }
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
}
