import {
  CreatedWebhookSchema,
  CreateWebhookBodySchema,
  envelope,
  FormDeliveryCountsSchema,
  RetryDeliveriesResultSchema,
  retriedDeliveriesText,
  UpdateWebhookBodySchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookSchema,
} from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { ok } from '../../http/envelope.js';
import type { WebhooksService } from './webhooks.service.js';

export interface WebhooksRoutesDeps {
  webhooks: WebhooksService;
  authenticate: onRequestAsyncHookHandler;
}

const FormParams = z.object({ formId: z.string().min(1).max(64) });
const HookParams = FormParams.extend({ webhookId: z.string().min(1).max(64) });
const DeliveryParams = HookParams.extend({ deliveryId: z.string().min(1).max(64) });
const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];

/** A form's webhooks and their delivery logs (docs/webhooks.md). Owner only: others get 404. */
export async function webhooksRoutes(app: FastifyInstance, deps: WebhooksRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = deps.authenticate;

  r.post(
    '/forms/:formId/webhooks',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Add a webhook',
        description: 'The answer carries the signing secret, shown this once.',
        security,
        params: FormParams,
        body: CreateWebhookBodySchema,
        response: { 201: envelope(CreatedWebhookSchema) },
      },
    },
    async (request, reply) => {
      const created = await deps.webhooks.create(
        requireAuth(request).userId,
        request.params.formId,
        request.body,
      );
      return reply.code(201).send(ok(created));
    },
  );

  r.get(
    '/forms/:formId/webhooks',
    {
      onRequest,
      schema: {
        tags,
        summary: "A form's webhooks",
        security,
        params: FormParams,
        response: { 200: envelope(z.array(WebhookSchema)) },
      },
    },
    async (request) => ok(await deps.webhooks.list(requireAuth(request).userId, request.params.formId)),
  );

  r.patch(
    '/forms/:formId/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Turn a webhook on or off',
        security,
        params: HookParams,
        body: UpdateWebhookBodySchema,
        response: { 200: envelope(WebhookSchema) },
      },
    },
    async (request) => {
      const { formId, webhookId } = request.params;
      return ok(
        await deps.webhooks.setEnabled(requireAuth(request).userId, formId, webhookId, request.body.enabled),
      );
    },
  );

  r.delete(
    '/forms/:formId/webhooks/:webhookId',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Remove a webhook and its delivery log',
        security,
        params: HookParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { formId, webhookId } = request.params;
      await deps.webhooks.remove(requireAuth(request).userId, formId, webhookId);
      return ok(null);
    },
  );

  r.get(
    '/forms/:formId/webhooks/:webhookId/deliveries',
    {
      onRequest,
      schema: {
        tags,
        summary: "A webhook's deliveries, newest first",
        security,
        params: HookParams,
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: envelope(WebhookDeliveryPageSchema) },
      },
    },
    async (request) => {
      const { formId, webhookId } = request.params;
      const { page, limit } = request.query;
      return ok(await deps.webhooks.deliveries(requireAuth(request).userId, formId, webhookId, page, limit));
    },
  );

  r.get(
    '/forms/delivery-counts',
    {
      onRequest,
      schema: {
        tags,
        summary: "Per form: the owner's e-mail and webhook deliveries being retried, and those that failed",
        security,
        response: { 200: envelope(FormDeliveryCountsSchema) },
      },
    },
    async (request) => ok(await deps.webhooks.health(requireAuth(request).userId)),
  );

  r.post(
    '/forms/:formId/deliveries/retry-failed',
    {
      onRequest,
      schema: {
        tags,
        summary: "Send a form's failed deliveries (e-mails and webhook calls) again, each with its own id",
        security,
        params: FormParams,
        response: { 200: envelope(RetryDeliveriesResultSchema) },
      },
    },
    async (request) => {
      const retried = await deps.webhooks.retryFailed(requireAuth(request).userId, request.params.formId);
      return ok({ retried }, retriedDeliveriesText(retried));
    },
  );

  r.post(
    '/forms/:formId/deliveries/:deliveryId/retry',
    {
      onRequest,
      schema: {
        tags,
        summary: "Send one of a response's deliveries (an e-mail or a webhook call) again, with the same id",
        security,
        params: FormParams.extend({ deliveryId: z.string().min(1).max(64) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { formId, deliveryId } = request.params;
      await deps.webhooks.retryDelivery(requireAuth(request).userId, formId, deliveryId);
      return ok(null, 'Queued to send again');
    },
  );

  r.post(
    '/forms/:formId/webhooks/:webhookId/deliveries/:deliveryId/replay',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Send a delivery again, with the same delivery id',
        security,
        params: DeliveryParams,
        response: { 200: envelope(WebhookDeliverySchema) },
      },
    },
    async (request) => {
      const { formId, webhookId, deliveryId } = request.params;
      return ok(await deps.webhooks.replay(requireAuth(request).userId, formId, webhookId, deliveryId));
    },
  );
}
