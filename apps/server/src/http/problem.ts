import { STATUS_CODES } from 'node:http';
import type { Problem } from '@sheetforms/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.js';

const PROBLEM_TYPE_BASE = 'https://sheetforms.app/problems/';

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  detail: string,
  errors?: Problem['errors'],
) {
  const problem: Problem = {
    type: `${PROBLEM_TYPE_BASE}${code.toLowerCase().replaceAll('_', '-')}`,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    code,
    detail,
    instance: request.url,
    requestId: request.id,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
  return reply.code(status).type('application/problem+json; charset=utf-8').send(problem);
}

/** Fastify's own error codes for malformed requests, mapped to stable codes and plain messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', detail: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', detail: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', detail: 'Invalid Content-Length' },
  FST_ERR_CTP_INVALID_TYPE: { code: 'BAD_REQUEST', detail: 'Invalid content type' },
};

/**
 * Every failure leaves the server as problem+json. Validation failures list each field; expected
 * failures carry the service's message; anything unexpected is logged and answered without internals.
 */
export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendProblem(request, reply, error.status, error.code, error.detail, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = errors[0];
      const detail = first ? describeIssue(first.path, first.message) : 'The request is invalid';
      return sendProblem(request, reply, 400, 'VALIDATION_FAILED', detail, errors);
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return sendProblem(request, reply, error.statusCode ?? 400, known.code, known.detail);
    }
    if (error.statusCode === 429) {
      return sendProblem(request, reply, 429, 'RATE_LIMITED', 'Too many requests. Please try again later.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendProblem(request, reply, error.statusCode, 'BAD_REQUEST', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendProblem(
      request,
      reply,
      500,
      'INTERNAL',
      'Something went wrong on our side. Please try again.',
    );
  });
}

/** Unknown routes answer in the same problem shape as every other failure. */
export function notFoundProblem(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(
    request,
    reply,
    404,
    'NOT_FOUND',
    `No route for ${request.method} ${request.url.split('?')[0]}`,
  );
}

/**
 * Our schemas carry the spec's own messages ('Name is required'), shown as they are. Zod's generic
 * messages ('Invalid input: expected string') mean little without the field, so those get its name.
 */
function describeIssue(path: string, message: string): string {
  const field = path.split('.').slice(1).join('.');
  const generic = /^(Invalid|Too (small|big)|Unrecognized|Expected)/.test(message);
  return generic && field ? `${field}: ${message}` : message;
}
