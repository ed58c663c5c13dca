import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from '../../http/marketing-pages.js';
import type { FormPageResult, FormPageService } from './form-page.service.js';

/**
 * Sends a rendered page. Every page carries its own nonce, so it is compressed here for each request
 * (brotli at quality 5, gzip at level 6: about a millisecond for a form page) and never answered 304:
 * a cached copy would send an earlier page's nonce (decision 0020).
 */
export function sendFormPage(request: FastifyRequest, reply: FastifyReply, page: FormPageResult) {
  reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  const html = Buffer.from(page.html);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding === 'br') {
    reply.header('content-encoding', 'br');
    return reply.send(
      zlib.brotliCompressSync(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      }),
    );
  }
  if (encoding === 'gzip') {
    reply.header('content-encoding', 'gzip');
    return reply.send(zlib.gzipSync(html, { level: 6 }));
  }
  return reply.send(html);
}

/** GET /form/{formId}: the public form rendered on the server, hydrated in the browser. */
export async function formPageRoutes(app: FastifyInstance, deps: { pages: FormPageService }) {
  app.get<{ Params: { formId: string } }>('/form/:formId', async (request, reply) => {
    // Read from the raw address: repeated names (a checkboxes field's choices) stay all there.
    const search = request.url.indexOf('?');
    const query = new URLSearchParams(search === -1 ? '' : request.url.slice(search + 1));
    return sendFormPage(request, reply, await deps.pages.formPage(request.params.formId, query));
  });
}
