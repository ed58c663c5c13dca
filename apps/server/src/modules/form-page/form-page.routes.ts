import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../../http/client-address-key.js';
import { HttpError } from '../../http/http-error.js';
import { acceptedEncoding } from '../../http/marketing-pages.js';
import { createPublicLimits } from '../../http/rate-limits.js';
import type { FormPageResult, FormPageService } from './form-page.service.js';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Pages up to this size are compressed on the main thread (about a millisecond for a form page of 30 KiB,
 * less than a hop to the thread pool costs); larger ones on libuv's thread pool. A form of many choice
 * fields can render megabytes, and brotli took 170–235 ms of main thread for a 25 MB page, per request.
 */
const COMPRESS_ON_MAIN_THREAD_MAX_BYTES = 64 * 1024;

/**
 * Sends a rendered page. Every page carries its own nonce, so it is compressed here for each request
 * (brotli at quality 5, gzip at level 6) and never answered 304: a cached copy would send an earlier
 * page's nonce (decision 0020).
 */
export async function sendFormPage(request: FastifyRequest, reply: FastifyReply, page: FormPageResult) {
  reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  const html = Buffer.from(page.html);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const small = html.length <= COMPRESS_ON_MAIN_THREAD_MAX_BYTES;
  if (encoding === 'br') {
    const options = {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    };
    const body = small ? zlib.brotliCompressSync(html, options) : await brotliCompress(html, options);
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') {
    const body = small ? zlib.gzipSync(html, { level: 6 }) : await gzip(html, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(body);
  }
  return reply.send(html);
}

/** What a visitor over a limit of the respondent's pages reads (a prefilled page, the plain POST). */
const TOO_MANY = 'Too many requests. Please try again later.';

/** The 429 of a respondent's page: a page too, never a JSON problem the browser would show as text. */
export function sendTooManyPage(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: Pick<FormPageService, 'message'>,
  formId: string,
) {
  return sendFormPage(request, reply, pages.message(formId, 429, 'Too many requests', TOO_MANY));
}

/**
 * Prefilled pages per client address and minute (PUBLIC_RATE_LIMIT_PER_MINUTE × 5, the submit route's
 * limit over all forms). A prefilled page is rendered for its request, never taken from the page cache, so
 * these are the form pages whose cost a visitor chooses. Counted only when the address prefills something:
 * the plain page and addresses with other parameters (a newsletter's utm_*, a share's fbclid) are the
 * cached page, and many visitors behind one address open those.
 */
export function createPrefilledPageLimits(app: FastifyInstance, publicPerMinute: number) {
  return createPublicLimits(app, [
    { max: publicPerMinute * 5, key: (request) => `form-page:${addressKey(request.ip)}` },
  ]);
}

/** GET /form/{formId}: the public form rendered on the server, hydrated in the browser. */
export async function formPageRoutes(
  app: FastifyInstance,
  deps: { pages: FormPageService; limits: ReturnType<typeof createPrefilledPageLimits> },
) {
  await app.register(async (scope) => {
    // A refused address is a page too, never a JSON problem the browser would show as text.
    scope.setErrorHandler(async (error, request: FastifyRequest<{ Params: { formId?: string } }>, reply) => {
      if (!(error instanceof HttpError && error.status === 429)) throw error;
      return sendTooManyPage(request, reply, deps.pages, request.params?.formId ?? '');
    });
    scope.get<{ Params: { formId: string } }>('/form/:formId', async (request, reply) => {
      // Read from the raw address: repeated names (a checkboxes field's choices) stay all there.
      const search = request.url.indexOf('?');
      const query = new URLSearchParams(search === -1 ? '' : request.url.slice(search + 1));
      const page = await deps.pages.formPage(request.params.formId, query, () => deps.limits(request, reply));
      return sendFormPage(request, reply, page);
    });
  });
}
