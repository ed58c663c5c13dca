import { DashboardStatsSchema, envelope } from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import type { StatsService } from './stats.service.js';

export interface StatsRoutesDeps {
  stats: StatsService;
  /** Runs on request, before the body is even parsed: strangers learn nothing, not even validation. */
  authenticate: onRequestAsyncHookHandler;
}

export async function statsRoutes(app: FastifyInstance, deps: StatsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/users/dashboard-stats',
    {
      onRequest: deps.authenticate,
      schema: {
        tags: ['stats'],
        summary: "Counts of the signed-in owner's forms and responses (this month: UTC calendar month)",
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(DashboardStatsSchema) },
      },
    },
    async (request) => ok(await deps.stats.dashboard(requireAuth(request).userId)),
  );
}
