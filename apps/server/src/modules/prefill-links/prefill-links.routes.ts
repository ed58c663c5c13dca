import { envelope, PrefillLinkBodySchema, PrefillLinkResultSchema } from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import type { PrefillLinksService } from './prefill-links.service.js';

export interface PrefillLinksRoutesDeps {
  prefillLinks: PrefillLinksService;
  authenticate: onRequestAsyncHookHandler;
}

const FormIdParamsSchema = z.object({ formId: z.string().min(1).max(64) });

/** POST /forms/{formId}/prefill-links: the owner's link with answers filled in (and some locked). */
export async function prefillLinksRoutes(app: FastifyInstance, deps: PrefillLinksRoutesDeps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/forms/:formId/prefill-links',
    {
      onRequest: deps.authenticate,
      schema: {
        tags: ['forms'],
        summary: 'A link to the public form with answers filled in',
        description:
          'values (field id → answer) go in the address; those listed in locked go only in the signed ' +
          '`prefill` token, shown read-only and enforced when the form is sent. Nothing is stored.',
        security: [{ bearerAuth: [] }],
        params: FormIdParamsSchema,
        body: PrefillLinkBodySchema,
        response: { 200: envelope(PrefillLinkResultSchema) },
      },
    },
    async (request) =>
      ok(await deps.prefillLinks.create(requireAuth(request).userId, request.params.formId, request.body)),
  );
}
