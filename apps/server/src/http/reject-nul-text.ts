import { findNulText, NUL_TEXT_MESSAGE } from '@sheetforms/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './http-error.js';

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Refuses NUL (U+0000) in any route parameter, query value or parsed body of the scope, before its
 * schemas and handlers run: PostgreSQL cannot store NUL in text (a 500 otherwise), and one guard here
 * covers every owner and public endpoint, today's and tomorrow's. Multipart bodies are read by their
 * route and checked there.
 */
export function rejectNulText(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of PARTS) {
      const path = findNulText(request[part]);
      if (path) {
        // A key may hold the NUL itself: shown escaped, so the problem document stays plain text.
        const field = path.map((key) => String(key).replaceAll('\u0000', '\\u0000')).join('.');
        const detail = field ? `${field}: ${NUL_TEXT_MESSAGE}` : NUL_TEXT_MESSAGE;
        throw badRequest('VALIDATION_FAILED', detail, [
          { path: [part, field].filter(Boolean).join('.'), message: NUL_TEXT_MESSAGE },
        ]);
      }
    }
  });
}
