import {
  CreateFormBodySchema,
  envelope,
  FormDetailSchema,
  FormListItemSchema,
  FormSchema,
  UpdateFormBodySchema,
} from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { OwnerProofHeadersSchema, ownerProofFrom } from '../sheets/owner-proof-headers.js';
import type { FormsService } from './forms.service.js';

export interface FormsRoutesDeps {
  forms: FormsService;
  /** Runs on request, before the body is even parsed: strangers learn nothing, not even validation. */
  authenticate: onRequestAsyncHookHandler;
}

const FormIdParamsSchema = z.object({ formId: z.string().min(1).max(64) });

export async function formsRoutes(app: FastifyInstance, deps: FormsRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['forms'];
  const security = [{ bearerAuth: [] }];
  const onRequest = deps.authenticate;

  r.post(
    '/forms',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a form',
        security,
        body: CreateFormBodySchema,
        headers: OwnerProofHeadersSchema,
        response: { 201: envelope(FormSchema) },
      },
    },
    async (request, reply) => {
      const proof = ownerProofFrom(request.headers);
      const form = await deps.forms.create(requireAuth(request).userId, request.body, proof);
      return reply.code(201).send(ok(form, 'Form created successfully!'));
    },
  );

  r.get(
    '/forms',
    {
      onRequest,
      schema: {
        tags,
        summary: "The signed-in owner's forms, newest first",
        security,
        response: { 200: envelope(z.array(FormListItemSchema)) },
      },
    },
    async (request) => ok(await deps.forms.list(requireAuth(request).userId)),
  );

  r.get(
    '/forms/:formId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A form with its responses and authorized users',
        security,
        params: FormIdParamsSchema,
        response: { 200: envelope(FormDetailSchema) },
      },
    },
    async (request) => ok(await deps.forms.get(requireAuth(request).userId, request.params.formId)),
  );

  r.put(
    '/forms/:formId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Change a form (what is sent is changed)',
        security,
        params: FormIdParamsSchema,
        body: UpdateFormBodySchema,
        headers: OwnerProofHeadersSchema,
        response: { 200: envelope(FormSchema) },
      },
    },
    async (request) =>
      ok(
        await deps.forms.update(
          requireAuth(request).userId,
          request.params.formId,
          request.body,
          ownerProofFrom(request.headers),
        ),
        'Form updated successfully!',
      ),
  );

  r.delete(
    '/forms/:formId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a form with its users, responses and everything else of it',
        security,
        params: FormIdParamsSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await deps.forms.remove(requireAuth(request).userId, request.params.formId);
      return ok(null, 'Form deleted successfully');
    },
  );
}
