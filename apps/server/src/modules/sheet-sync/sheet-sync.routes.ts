import {
  envelope,
  FormSyncCountsSchema,
  RESPONSE_RETRY_MESSAGES,
  ResponseSyncStatusSchema,
  RetryResponseSyncResultSchema,
  RetrySyncResultSchema,
} from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/http-error.js';
import type { SheetSyncService } from './sheet-sync.service.js';

export interface SheetSyncRoutesDeps {
  sync: SheetSyncService;
  authenticate: onRequestAsyncHookHandler;
  /** Wakes the worker after a retry so the owner sees rows arrive at once. */
  notify: () => void;
}

const FormIdParams = z.object({ formId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Form not found') });
const ResponseIdParams = z.object({ responseId: z.uuid('Response not found') });
const ResponseOfFormParams = FormIdParams.extend({ responseId: z.string().min(1).max(64) });

export async function sheetSyncRoutes(app: FastifyInstance, deps: SheetSyncRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sheet-sync'];

  // Public: the response id is a random UUID known only to the browser that submitted it, and the
  // answer is its state alone (no answers, no error text).
  r.get(
    '/forms/responses/:responseId/sync-status',
    {
      schema: {
        tags,
        summary: 'Whether a submitted response has reached its sheet',
        params: ResponseIdParams,
        response: { 200: envelope(ResponseSyncStatusSchema) },
      },
    },
    async (request) => {
      const state = await deps.sync.responseSyncState(request.params.responseId);
      if (!state) throw notFound('Response not found', 'RESPONSE_NOT_FOUND');
      return ok({ responseId: request.params.responseId, state });
    },
  );

  r.get(
    '/forms/sync-counts',
    {
      onRequest: deps.authenticate,
      schema: {
        tags,
        summary: "Per form: the owner's responses not yet in the sheet, and those that failed",
        security: [{ bearerAuth: [] }],
        response: { 200: envelope(FormSyncCountsSchema) },
      },
    },
    async (request) => ok(await deps.sync.syncCountsForForms(requireAuth(request).userId)),
  );

  r.post(
    '/forms/:formId/retry-sync',
    {
      onRequest: deps.authenticate,
      schema: {
        tags,
        summary: "Queue a form's failed responses for the sheet again",
        security: [{ bearerAuth: [] }],
        params: FormIdParams,
        response: { 200: envelope(RetrySyncResultSchema) },
      },
    },
    async (request) => {
      const retried = await deps.sync.retryFailedForForm(requireAuth(request).userId, request.params.formId);
      if (retried === undefined) throw notFound('Form not found', 'NOT_FOUND');
      deps.notify();
      return ok(
        { retried },
        retried === 1
          ? '1 response queued for the sheet again'
          : `${retried} responses queued for the sheet again`,
      );
    },
  );

  r.post(
    '/forms/:formId/responses/:responseId/retry-sync',
    {
      onRequest: deps.authenticate,
      schema: {
        tags,
        summary: 'Queue one failed response for the sheet again',
        description:
          'Only a failed response is queued again. 409 RESPONSE_ALREADY_SYNCED when it is in the sheet ' +
          'already, 409 RESPONSE_ALREADY_QUEUED when it is still waiting to be written; 404 for a form ' +
          'that is not yours or a response that is not in it.',
        security: [{ bearerAuth: [] }],
        params: ResponseOfFormParams,
        response: { 200: envelope(RetryResponseSyncResultSchema) },
      },
    },
    async (request) => {
      const { formId, responseId } = request.params;
      await deps.sync.retryFailedResponse(requireAuth(request).userId, formId, responseId);
      deps.notify();
      return ok({ responseId, state: 'pending' as const }, RESPONSE_RETRY_MESSAGES.queued);
    },
  );
}
