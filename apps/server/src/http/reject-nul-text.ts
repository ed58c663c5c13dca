import { findUnstorableText } from '@sheetforms/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, type HttpError } from './http-error.js';

const PARTS = ['params', 'query', 'body'] as const;

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body's text had no `\u` escape, so no parsed string in it can hold NUL or half a pair. */
    jsonBodyWithoutEscapes: boolean;
  }
}

/**
 * Refuses NUL (U+0000) and unpaired surrogates in any route parameter, query value or parsed body of the
 * scope, before its schemas and handlers run: PostgreSQL can store neither (in text, and in jsonb), which
 * would be a 500 at once or on a later read, and one guard here covers every owner and public endpoint,
 * today's and tomorrow's. Multipart bodies are read by their route and checked there.
 */
export function rejectNulText(scope: FastifyInstance): void {
  // Fastify's own JSON parser (the same prototype-poisoning refusals, the same limit), which also notes
  // whether the text held an escape. A NUL or an unpaired surrogate can reach a parsed JSON string only as
  // a `\u` escape: JSON refuses control characters written as they are, and the body is decoded from
  // UTF-8, which turns a stray byte into U+FFFD, never into half a pair. Most bodies have none, and then
  // the walk over every string and key of the parsed body is skipped (its cost grows with the body).
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.decorateRequest('jsonBodyWithoutEscapes', false);
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.jsonBodyWithoutEscapes = !(body as string).includes('\\u');
    parseJson(request, body as string, done);
  });
  // The callback form: every request of the scope runs it, and an async hook costs a promise each.
  scope.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    done(unstorableTextProblem(request));
  });
}

/** The 400 for the first NUL or unpaired surrogate in the request's parameters, query or body. */
function unstorableTextProblem(request: FastifyRequest): HttpError | undefined {
  for (const part of PARTS) {
    if (part === 'body' && request.jsonBodyWithoutEscapes) continue;
    const found = findUnstorableText(request[part]);
    if (found) {
      // A key may hold the character itself: shown escaped, so the problem document stays plain text.
      const field = found.path.map((key) => escapeUnstorable(String(key))).join('.');
      const detail = field ? `${field}: ${found.message}` : found.message;
      return badRequest('VALIDATION_FAILED', detail, [
        { path: [part, field].filter(Boolean).join('.'), message: found.message },
      ]);
    }
  }
  return undefined;
}

/** NUL and unpaired surrogate halves written as \uXXXX, so a field name holding them can be shown. */
function escapeUnstorable(text: string): string {
  const written = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return text.replaceAll('\u0000', written).replace(UNPAIRED_SURROGATES, written);
}

const UNPAIRED_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
