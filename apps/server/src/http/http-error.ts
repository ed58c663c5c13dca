import type { FieldErrorSchema } from '@sheetforms/contract';
import type { z } from 'zod';

type FieldError = z.infer<typeof FieldErrorSchema>;

/**
 * The one error type services throw for expected failures. The error handler turns it into an
 * RFC 9457 problem document; `detail` is the text the user sees.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** Sent as Retry-After (a 429 or 503 the client may try again after). */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, detail: string, errors?: FieldError[]) =>
  new HttpError(400, code, detail, errors);
export const unauthorized = (detail = 'Authentication required', code = 'UNAUTHORIZED') =>
  new HttpError(401, code, detail);
export const forbidden = (detail = 'You do not have permission to do this', code = 'FORBIDDEN') =>
  new HttpError(403, code, detail);
export const notFound = (detail = 'Not found', code = 'NOT_FOUND') => new HttpError(404, code, detail);
