import { QuestionsFeedSchema } from '@sheetforms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { QuestionsCache } from './questions-cache.js';

export interface QuestionsRoutesDeps {
  questions: QuestionsCache;
  /** Requests per minute per address (a public route). */
  perMinute: number;
}

/**
 * GET /sheets/questions: the assistant's questions feed, public. The spec's own reply shape
 * `{ data, count, timestamp }` (not the usual envelope); 503 when no copy was ever read.
 */
export async function questionsRoutes(app: FastifyInstance, deps: QuestionsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sheets/questions',
    {
      config: { rateLimit: { max: deps.perMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['assistant'],
        summary: "The assistant's questions (read from the questions spreadsheet at most once a minute)",
        response: { 200: QuestionsFeedSchema },
      },
    },
    // QuestionsUnavailableError carries its Retry-After to the problem handler.
    async () => deps.questions.get(),
  );
}
