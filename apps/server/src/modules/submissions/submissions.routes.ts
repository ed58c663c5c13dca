import {
  envelope,
  type SubmissionReceipt,
  SubmissionReceiptSchema,
  SubmitFormBodySchema,
} from '@sheetforms/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressKey } from '../../http/client-address-key.js';
import { ok } from '../../http/envelope.js';
import { createPublicLimits } from '../../http/rate-limits.js';
import { bearerToken } from '../form-access/form-access.service.js';
import type { SubmissionsService } from './submissions.service.js';

export interface SubmissionsRoutesDeps {
  submissions: SubmissionsService;
  /** PUBLIC_RATE_LIMIT_PER_MINUTE: submissions per IP and form; an IP gets 5 times that over all forms. */
  publicPerMinute: number;
  /** The counters, when another route shares them (the no-JavaScript POST /form/{formId}). */
  limits?: ReturnType<typeof createSubmitLimits>;
}

/** The submission limits: per IP over all forms, and per IP and form. */
export function createSubmitLimits(app: FastifyInstance, publicPerMinute: number) {
  return createPublicLimits(app, [
    { max: publicPerMinute * 5, key: (request) => `submit:${addressKey(request.ip)}` },
    {
      max: publicPerMinute,
      key: (request) =>
        `submit:${addressKey(request.ip)}:${(request.params as { formId?: string }).formId ?? ''}`,
    },
  ]);
}

const SubmitParamsSchema = z.object({ formId: z.string().trim().min(1, 'Missing form ID').max(64) });

const SYNC_STATES = new Set<string>(SubmissionReceiptSchema.shape.syncState.options);

/**
 * The receipt written by hand instead of parsed by zod and stringified (the generic serializer, about a
 * tenth of a submission's CPU under load): the same bytes for every reply this route sends, every string
 * escaped by JSON.stringify, only the receipt's two keys and the message. A value of another shape is a
 * bug, refused as the generic serializer refuses it (a 500), never written.
 */
export function serializeReceiptReply(reply: unknown): string {
  const { data, message } = (reply ?? {}) as { data?: Partial<SubmissionReceipt>; message?: unknown };
  if (
    typeof data?.responseId !== 'string' ||
    typeof data.syncState !== 'string' ||
    !SYNC_STATES.has(data.syncState) ||
    (message !== undefined && typeof message !== 'string')
  ) {
    throw new Error('submit-form: the reply is not a receipt');
  }
  const receipt = `{"data":{"responseId":${JSON.stringify(data.responseId)},"syncState":"${data.syncState}"}`;
  return message === undefined ? `${receipt}}` : `${receipt},"message":${JSON.stringify(message)}}`;
}

/** POST /forms/{formId}/submit-form: 201 once stored; 200 with the same id for a repeated key. */
export async function submissionsRoutes(app: FastifyInstance, deps: SubmissionsRoutesDeps) {
  const limits = deps.limits ?? createSubmitLimits(app, deps.publicPerMinute);
  const receipt = envelope(SubmissionReceiptSchema);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/forms/:formId/submit-form',
    {
      onRequest: limits,
      schema: {
        tags: ['public-form'],
        summary: "Submit a respondent's answers",
        description:
          'A login-protected form needs the respondent token (body.userToken or Authorization Bearer). ' +
          'A repeated idempotencyKey answers 200 with the response stored the first time.',
        params: SubmitParamsSchema,
        body: SubmitFormBodySchema,
        response: { 200: receipt, 201: receipt },
      },
      // The documented schema stays the zod one (OpenAPI); the 200/201 bodies are written by hand.
      serializerCompiler: () => serializeReceiptReply,
    },
    async (request, reply) => {
      const { receipt: stored, created } = await deps.submissions.submit(
        request.params.formId,
        request.body,
        bearerToken(request.headers.authorization),
      );
      return reply.code(created ? 201 : 200).send(ok(stored, 'Form submitted successfully!'));
    },
  );
}
