import { findUnstorableText } from '@sheetforms/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, type HttpError } from './http-error.js';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Refuses NUL (U+0000) and unpaired surrogates in any route parameter, query value or parsed body of the
 * scope, before its schemas and handlers run: PostgreSQL can store neither (in text, and in jsonb), which
 * would be a 500 at once or on a later read, and one guard here covers every owner and public endpoint,
 * today's and tomorrow's. Multipart bodies are read by their route and checked there.
 */
export function rejectNulText(scope: FastifyInstance): void {
  // The callback form: every request of the scope runs it, and an async hook costs a promise each.
  scope.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    done(unstorableTextProblem(request));
  });
}

/** The 400 for the first NUL or unpaired surrogate in the request's parameters, query or body. */
function unstorableTextProblem(request: FastifyRequest): HttpError | undefined {
  for (const part of PARTS) {
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
