import {
  envelope,
  PrefillLinkBodySchema,
  PrefillLinkResultSchema,
  PrefillVerifyBodySchema,
  PrefillVerifyResultSchema,
} from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { addressKey } from '../../http/client-address-key.js';
import { ok } from '../../http/envelope.js';
import { createPublicLimits } from '../../http/rate-limits.js';
import type { PrefillLinksService } from './prefill-links.service.js';

export interface PrefillLinksRoutesDeps {
  prefillLinks: PrefillLinksService;
  authenticate: onRequestAsyncHookHandler;
  /** PUBLIC_RATE_LIMIT_PER_MINUTE: token checks per IP and form; an IP gets 5 times that over all forms. */
  publicPerMinute: number;
}

const FormIdParamsSchema = z.object({ formId: z.string().min(1).max(64) });

/** The token checks' limits, counted as the submissions' are: per IP over all forms, and per IP and form. */
function createVerifyLimits(app: FastifyInstance, publicPerMinute: number) {
  return createPublicLimits(app, [
    { max: publicPerMinute * 5, key: (request) => `prefill-verify:${addressKey(request.ip)}` },
    {
      max: publicPerMinute,
      key: (request) =>
        `prefill-verify:${addressKey(request.ip)}:${(request.params as { formId?: string }).formId ?? ''}`,
    },
  ]);
}

/**
 * POST /forms/{formId}/prefill-links: the owner's link with answers filled in (and some locked).
 * POST /forms/{formId}/prefill/verify: anyone's check of such a link's token, before its answers show locked.
 */
export async function prefillLinksRoutes(app: FastifyInstance, deps: PrefillLinksRoutesDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
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

  typed.post(
    '/forms/:formId/prefill/verify',
    {
      onRequest: createVerifyLimits(app, deps.publicPerMinute),
      schema: {
        tags: ['public-form'],
        summary: "A prefilled link's locked answers, once its token is verified for this form",
        description:
          'For the page the browser renders (a login-protected form): no login needed, the token is the ' +
          "owner's signed statement and the answer holds only what it carries. A token that is not valid " +
          'for this form, or has expired, is a 400 saying which.',
        params: FormIdParamsSchema,
        body: PrefillVerifyBodySchema,
        response: { 200: envelope(PrefillVerifyResultSchema) },
      },
    },
    async (request) => ok(await deps.prefillLinks.verify(request.params.formId, request.body.token)),
  );
}
