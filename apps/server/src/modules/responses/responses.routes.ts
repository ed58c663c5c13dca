import { PassThrough, Readable } from 'node:stream';
import {
  envelope,
  HTML_LIMITS,
  RESPONSES_PAGE,
  ResponsesExportQuerySchema,
  ResponsesPageSchema,
  ResponsesQuerySchema,
} from '@sheetforms/contract';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/authenticate.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { ok } from '../../http/envelope.js';
import { csvChunks } from './csv-export.js';
import { EXPORT_OTHER_LABEL_COLUMNS, OTHER_ANSWERS_COLUMN } from './response-export.js';
import type { ResponsesService } from './responses.service.js';
import { writeXlsx } from './xlsx-export.js';

export interface ResponsesRoutesDeps {
  responses: ResponsesService;
  authenticate: onRequestAsyncHookHandler;
}

const FormIdParamsSchema = z.object({ formId: z.string().min(1).max(64) });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const budgetMb = HTML_LIMITS.pageTemplatesMaxChars / (1024 * 1024);

export async function responsesRoutes(app: FastifyInstance, deps: ResponsesRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['responses'];
  const security = [{ bearerAuth: [] }];
  const onRequest = deps.authenticate;

  r.get(
    '/forms/:formId/responses',
    {
      onRequest,
      schema: {
        tags,
        summary: 'A page of the form’s responses, newest first',
        description:
          `Keyset-paginated on (created time, id): pass nextCursor back as cursor for the next, older page. ` +
          `q matches answer values, never field labels (case-insensitive substring; % and _ are literal), ` +
          `from/to bound the created time (inclusive), total ` +
          `counts every match. Each item carries every template filled with it; when templates are large the ` +
          `page is smaller than limit (default ${RESPONSES_PAGE.defaultLimit}, at most ` +
          `${RESPONSES_PAGE.maxLimit}) so that a page's template HTML stays under about ${budgetMb} MB.`,
        security,
        params: FormIdParamsSchema,
        querystring: ResponsesQuerySchema,
        response: { 200: envelope(ResponsesPageSchema) },
      },
    },
    async (request) =>
      ok(await deps.responses.list(requireAuth(request).userId, request.params.formId, request.query)),
  );

  r.get(
    '/forms/:formId/responses/export',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Download every matching response as CSV or Excel (streamed)',
        description:
          'Columns: No. (from 1, newest first), Timestamp ({timeZone}) as YYYY-MM-DD HH:mm:ss in the ' +
          'timeZone query parameter (an IANA name; UTC when absent; an unknown one is a 400), Timestamp ' +
          '(ISO 8601, UTC), Response ID, Respondent (the authorized user’s email; only when the form ' +
          'requires login or an exported response has one), each current field ' +
          'label in form order, then each other label the exported responses hold answers under (fields ' +
          `removed or renamed since; the newest response holding one first; at most ${EXPORT_OTHER_LABEL_COLUMNS} ` +
          `such columns, the answers under any further label being lines of “label: value” in one ` +
          `${OTHER_ANSWERS_COLUMN} column), Signature (image URL), Sync ` +
          'state (Synced, Pending, Failed or No sheet). q (answer values and the respondent’s email), from ' +
          'and to filter as on the list. CSV is UTF-8 with a byte order mark, every field ' +
          'quoted; cells beginning with =, +, -, @, tab or carriage return get a leading apostrophe. ' +
          'Characters XML 1.0 forbids (C0 controls but tab, LF and CR; U+FFFE; U+FFFF; unpaired ' +
          'surrogates) are left out of every cell, in both formats.',
        security,
        params: FormIdParamsSchema,
        querystring: ResponsesExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const exported = await deps.responses.exportFor(requireAuth(request).userId, request.params.formId, {
        format,
        ...filters,
      });
      reply
        .header(
          'content-disposition',
          attachmentDisposition(`${exported.form.name}-responses.${format}`, `responses.${format}`),
        )
        .header('cache-control', 'no-store');
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .send(Readable.from(csvChunks(exported.header, exported.batches), { objectMode: false }));
      }
      const out = new PassThrough();
      reply.type(XLSX_TYPE).send(out);
      // Headers are gone by the time a batch could fail: the only way left to say so is to cut the stream.
      writeXlsx(out, exported.form.name, exported.header, exported.batches).catch((error: unknown) => {
        request.log.error({ err: error }, 'xlsx export failed');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply;
    },
  );
}
