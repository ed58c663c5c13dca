import {
  HtmlToPdfBodySchema,
  PDF_MESSAGES,
  ResponsePdfBodySchema,
  ResponsesPdfZipBodySchema,
} from '@sheetforms/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HtmlWork } from '../../html-work/html-work.js';
import { requireAuth } from '../../http/authenticate.js';
import { addressKey } from '../../http/client-address-key.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { paperFormatFor } from './paper-format.js';
import type { PdfFile, PdfService } from './pdf.service.js';
import { pdfHttpError } from './pdf-http-errors.js';
import { streamZip } from './zip-stream.js';

export interface PdfRoutesDeps {
  pdf: PdfService;
  authenticate: onRequestAsyncHookHandler;
  /** html-to-pdf's urlencoded body is decoded on the HTML worker threads. */
  html: Pick<HtmlWork, 'decodeHtmlToPdfForm'>;
  /** Requests per minute per signed-in user and route; the ZIP route gets a tenth (at least 1). */
  perMinute: number;
}

/**
 * The urlencoded body of html-to-pdf: room for a 1 MB template with inline images after
 * percent-encoding. A larger body is refused while it is read (413), before anything is parsed.
 */
export const HTML_TO_PDF_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

const FormIdParamsSchema = z.object({ formId: z.string().min(1).max(64) });
const ResponseParamsSchema = FormIdParamsSchema.extend({ responseId: z.string().min(1).max(64) });

const PAPER_NOTE =
  'The paper follows the Accept-Language header: US Letter when its most preferred language names a ' +
  'region that prints on Letter (en-US, en-CA, es-MX and the other CLDR Letter regions), A4 otherwise.';
const FAILURES =
  `429 PDF_BUSY with Retry-After when the render queue is full; 503 PDF_TIMEOUT ('${PDF_MESSAGES.timedOut}'), ` +
  `503 PDF_UNAVAILABLE ('${PDF_MESSAGES.needsChromium}').`;

export async function pdfRoutes(app: FastifyInstance, deps: PdfRoutesDeps) {
  const tags = ['pdf'];
  const security = [{ bearerAuth: [] }];
  const onRequest = deps.authenticate;
  const limited = (max: number) => ({
    rateLimit: {
      max,
      timeWindow: 60_000,
      // Per signed-in user and route, counted after authentication.
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `pdf:user:${request.auth?.userId ?? addressKey(request.ip)}`,
    },
  });

  // The spec's call posts a form (urlencoded), unlike the rest of the API: its parser lives only here.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: HTML_TO_PDF_BODY_LIMIT_BYTES },
      // Decoding 3 MB of percent-encoding takes 150-200 ms: on an HTML worker, not the main thread.
      // Authentication ran first (onRequest): the decoding is the signed-in user's share of the pool.
      async (request: FastifyRequest, body: string | Buffer) =>
        deps.html.decodeHtmlToPdfForm(
          String(body),
          `owner:${request.auth?.userId ?? addressKey(request.ip)}`,
        ),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/forms/html-to-pdf',
      {
        onRequest,
        bodyLimit: HTML_TO_PDF_BODY_LIMIT_BYTES,
        config: limited(deps.perMinute),
        schema: {
          tags,
          summary: 'Render HTML as a PDF (spec 001 section 7)',
          description:
            'application/x-www-form-urlencoded: html, fileName, formId (a form of the caller). The HTML is ' +
            `sanitized as templates are, then rendered; answers application/pdf named '{fileName}.pdf'. ` +
            `${PAPER_NOTE} Empty HTML: 400 '${PDF_MESSAGES.noContent}'; a body over 3 MB: 413. ${FAILURES}`,
          security,
          consumes: ['application/x-www-form-urlencoded'],
          body: HtmlToPdfBodySchema,
        },
      },
      async (request, reply) => {
        const file = await deps.pdf
          .htmlToPdf(
            requireAuth(request).userId,
            request.body,
            paperFormatFor(request.headers['accept-language']),
          )
          .catch((error: unknown) => {
            throw pdfHttpError(error, reply);
          });
        return sendPdf(reply, file);
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/forms/:formId/responses/:responseId/pdf',
    {
      onRequest,
      config: limited(deps.perMinute),
      schema: {
        tags,
        summary: 'One response as a PDF, rendered from a stored template',
        description:
          `The template (sanitized when stored) filled with the stored response; {{Signature}} is the stored ` +
          `image. Named '{template name}.pdf'. ${PAPER_NOTE} A template without content: 400 ` +
          `'${PDF_MESSAGES.noContent}'. ${FAILURES}`,
        security,
        params: ResponseParamsSchema,
        body: ResponsePdfBodySchema,
      },
    },
    async (request, reply) => {
      const file = await deps.pdf
        .responsePdf(
          requireAuth(request).userId,
          { ...request.params, templateId: request.body.templateId },
          paperFormatFor(request.headers['accept-language']),
        )
        .catch((error: unknown) => {
          throw pdfHttpError(error, reply);
        });
      return sendPdf(reply, file);
    },
  );

  r.post(
    '/forms/:formId/responses/pdf-zip',
    {
      onRequest,
      config: limited(Math.max(1, Math.floor(deps.perMinute / 10))),
      schema: {
        tags,
        summary: "'Download all as PDF': every matching (or each selected) response as one ZIP of PDFs",
        description:
          "Entries '{template name} - {response id}.pdf', in the order of responseIds (at most 500). Without " +
          'responseIds: every response matching q, from and to (as on the list), newest first; 400 when none ' +
          'or more than 500 match. Every id ' +
          'must be a response of the form (404 otherwise) before anything is rendered. PDFs are rendered one ' +
          'at a time through the shared queue, so a large ZIP never holds more than one render slot. ' +
          `${PAPER_NOTE} ${FAILURES} (for the first PDF; a later failure breaks the download).`,
        security,
        params: FormIdParamsSchema,
        body: ResponsesPdfZipBodySchema,
      },
    },
    async (request, reply) => {
      const ownerId = requireAuth(request).userId;
      const toProblem = (error: unknown) => {
        throw pdfHttpError(error, reply);
      };
      const zip = await deps.pdf
        .responsesZip(
          ownerId,
          { formId: request.params.formId, ...request.body },
          paperFormatFor(request.headers['accept-language']),
        )
        .catch(toProblem);
      // The first PDF is made before the reply starts: a missing browser or a full queue is still a problem.
      const first = await zip.entries.next().catch(toProblem);
      let clientLeft = false;
      reply.raw.once('close', () => {
        clientLeft = !reply.raw.writableFinished;
      });
      async function* all() {
        if (!first.done) yield first.value;
        yield* zip.entries;
      }
      const body = streamZip(all(), {
        stopped: () => clientLeft,
        onError: (error) => request.log.error({ err: error }, 'PDF ZIP failed after it started'),
      });
      return reply
        .type('application/zip')
        .header('content-disposition', attachmentDisposition(`${zip.name}.zip`, 'responses.zip'))
        .header('cache-control', 'no-store')
        .header('vary', 'Accept-Language')
        .send(body);
    },
  );
}

function sendPdf(reply: FastifyReply, file: PdfFile) {
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(`${file.name}.pdf`, 'document.pdf'))
    .header('cache-control', 'no-store')
    .header('vary', 'Accept-Language')
    .send(file.pdf);
}
