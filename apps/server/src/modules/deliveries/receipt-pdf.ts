import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../http/http-error.js';
import type { PdfService } from '../pdf/pdf.service.js';
import type { PaperFormat } from '../pdf/pdf-renderer.js';

export interface ReceiptPdfInput {
  ownerId: string;
  formId: string;
  responseId: string;
  templateId: string;
}

/** A receipt's attachment, or undefined when the receipt goes without one. */
export type ReceiptPdf = (input: ReceiptPdfInput) => Promise<{ name: string; content: Buffer } | undefined>;

/**
 * The template's PDF of one response, through the PDF service (the owner's own checks, the one bounded
 * renderer and its queue). A template deleted since the setting was saved, or one that prints nothing,
 * sends the receipt without it (the copy of the answers matters more); a full queue or a renderer failure
 * throws, and the delivery is tried again later.
 */
export function createReceiptPdf(deps: {
  pdf: Pick<PdfService, 'responsePdf'>;
  format: PaperFormat;
  log: FastifyBaseLogger;
}): ReceiptPdf {
  return async (input) => {
    try {
      const file = await deps.pdf.responsePdf(input.ownerId, input, deps.format);
      return { name: file.name, content: file.pdf };
    } catch (error) {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        deps.log.warn(
          { form: input.formId, response: input.responseId, reason: error.detail },
          'receipt sent without its PDF',
        );
        return undefined;
      }
      throw error;
    }
  };
}
