import {
  CreateTemplateBodySchema,
  envelope,
  FormTemplateSchema,
  TEMPLATE_MESSAGES,
  UpdateTemplateBodySchema,
} from '@sheetforms/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { type TemplatesService, templateTooLarge } from './templates.service.js';

export interface TemplatesRoutesDeps {
  templates: TemplatesService;
  authenticate: onRequestAsyncHookHandler;
}

/**
 * Room for a template at the 1 MB cap plus JSON escaping. A larger body is refused while it is read
 * (413 TEMPLATE_TOO_LARGE) instead of being parsed and sanitized first.
 */
export const TEMPLATE_BODY_LIMIT_BYTES = 1.5 * 1024 * 1024;

const FormIdParamsSchema = z.object({ formId: z.string().min(1).max(64) });
const TemplateParamsSchema = FormIdParamsSchema.extend({ templateId: z.string().min(1).max(64) });

/** The body limit's error speaks of templates here; every other error goes to the app's handler. */
function templateErrors(error: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw templateTooLarge();
  throw error;
}

export async function templatesRoutes(app: FastifyInstance, deps: TemplatesRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['templates'];
  const security = [{ bearerAuth: [] }];
  const onRequest = deps.authenticate;
  const write = { onRequest, bodyLimit: TEMPLATE_BODY_LIMIT_BYTES, errorHandler: templateErrors };

  r.post(
    '/forms/:formId/templates',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a document template (its HTML is sanitized; at most 1 MB after sanitizing)',
        security,
        params: FormIdParamsSchema,
        body: CreateTemplateBodySchema,
        response: { 201: envelope(FormTemplateSchema) },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const template = await deps.templates.add(userId, request.params.formId, request.body);
      return reply.code(201).send(ok(template, TEMPLATE_MESSAGES.added));
    },
  );

  r.put(
    '/forms/:formId/templates/:templateId',
    {
      ...write,
      schema: {
        tags,
        summary: 'Change a document template (what is sent is changed)',
        security,
        params: TemplateParamsSchema,
        body: UpdateTemplateBodySchema,
        response: { 200: envelope(FormTemplateSchema) },
      },
    },
    async (request) => {
      const { formId, templateId } = request.params;
      const template = await deps.templates.update(
        requireAuth(request).userId,
        formId,
        templateId,
        request.body,
      );
      return ok(template, TEMPLATE_MESSAGES.updated);
    },
  );

  r.delete(
    '/forms/:formId/templates/:templateId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a document template',
        security,
        params: TemplateParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { formId, templateId } = request.params;
      await deps.templates.remove(requireAuth(request).userId, formId, templateId);
      return ok(null, TEMPLATE_MESSAGES.deleted);
    },
  );
}
