import { PDF_MESSAGES } from '@sheetforms/contract';
import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/http-error.js';
import {
  PdfBusyError,
  PdfRenderError,
  PdfTimeoutError,
  PdfTooLongError,
  PdfUnavailableError,
} from './pdf-renderer.js';

/**
 * The renderer's failures as the problems a user reads (after 'Failed to generate PDF: '). A full
 * queue is 429 with Retry-After; a document over the page limit is 422 (the request is well formed and
 * small enough, what it asks for cannot be made: 413 would blame the body, and retrying never helps);
 * the rest are 503: the service is there, the renderer is not, or not in time. Any other error passes
 * through unchanged.
 */
export function pdfHttpError(error: unknown, reply: FastifyReply): unknown {
  if (error instanceof PdfBusyError) {
    reply.header('retry-after', String(error.retryAfterSeconds));
    return new HttpError(429, 'PDF_BUSY', PDF_MESSAGES.busy);
  }
  if (error instanceof PdfTooLongError) return new HttpError(422, 'PDF_TOO_LONG', PDF_MESSAGES.tooLong);
  if (error instanceof PdfTimeoutError) return new HttpError(503, 'PDF_TIMEOUT', PDF_MESSAGES.timedOut);
  if (error instanceof PdfUnavailableError) {
    return new HttpError(503, 'PDF_UNAVAILABLE', PDF_MESSAGES.needsChromium);
  }
  if (error instanceof PdfRenderError) {
    return new HttpError(503, 'PDF_FAILED', 'The PDF renderer failed. Please try again.');
  }
  return error;
}
