import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadMarketingSite, sendMarketingPage } from './marketing-pages.js';
import { sendProblem } from './problem.js';
import { isRespondentPage } from './respondent-pages.js';
import { decodeUnreserved } from './unreserved-escapes.js';

const FORM_PAGE = 'form.html';

/**
 * Google's API paths (Sheets /v4, Drive /drive, Docs /v1): in the app they live under /__google only. A
 * client pointed at the app's root by mistake gets a 404, never the web app's HTML with 200.
 */
const GOOGLE_API_ROOTS = ['/v4', '/drive', '/v1', '/upload'];

function isGoogleApiPath(pathname: string): boolean {
  return GOOGLE_API_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/** Whether the path belongs to an API (ours or Google's), never to a page of the web app. */
function isApiPath(pathname: string): boolean {
  const comparable = comparablePath(pathname);
  return (
    comparable === '/api' ||
    comparable.startsWith('/api/') ||
    comparable.startsWith('/__google') ||
    isGoogleApiPath(comparable)
  );
}

/**
 * The path as the API checks compare it. The router decodes escapes (`/%61pi/` reaches /api), and a
 * client may double a slash or change the case (`//api/v1/health`, `/API/v1/forms`): none of those may
 * turn a wrong API path into the dashboard's HTML with 200. So escaped unreserved characters are decoded,
 * repeated slashes collapsed, and the whole is lower-cased.
 */
function comparablePath(pathname: string): string {
  return decodeUnreserved(pathname)
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
}

/**
 * Serves the built web app. The public pages (/, /pricing, /contact, /chat, /chat-support) are the
 * prerendered marketing app (marketing-pages.ts); other client-side routes fall back to index.html (the
 * dashboard; public form pages to form.html); paths under /api, /__google and Google's API roots (/v4,
 * /drive, /v1, /upload) never do, so a wrong API path stays a JSON 404 instead of an HTML page. Assets
 * the build precompressed are sent brotli- or gzip-encoded when the browser accepts it.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  publicUrl: string,
): Promise<((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app build not found; run `npm run build` to serve the UI');
    return undefined;
  }
  // The public form has its own small entry (no dashboard code); older builds without it use index.html.
  const hasFormPage = fs.existsSync(path.join(distDir, FORM_PAGE));
  const marketing = loadMarketingSite(distDir, publicUrl);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // `x.js.br` / `x.js.gz` written by the build are sent for `x.js`.
    preCompressed: true,
    // send's own 'public, max-age=0' would replace the cache-control set below.
    cacheControl: false,
    // The prerendered pages are served from memory at their own paths, never as files.
    // (dist/server holds the public form's server renderer: never sent.)
    allowedPath: (pathname) =>
      !pathname.startsWith('/marketing/') &&
      !pathname.startsWith('/.vite/') &&
      !pathname.startsWith('/server/'),
    // Hashed assets never change; index.html must always be fresh.
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = isApiPath(pathname);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (marketing && wantsPage) {
      const page = marketing.page(pathname);
      if (page) return sendMarketingPage(request, reply, page);
      // '/pricing/' is '/pricing': one address per page.
      const trimmed = pathname.replace(/\/+$/, '');
      if (trimmed !== pathname && marketing.page(trimmed)) {
        const query = request.url.slice(pathname.length);
        return reply.redirect(`${trimmed}${query}`, 301);
      }
      if (pathname === '/robots.txt')
        return reply.type('text/plain; charset=utf-8').send(marketing.robotsTxt);
      if (pathname === '/sitemap.xml') {
        return reply.type('application/xml; charset=utf-8').send(marketing.sitemapXml);
      }
    }
    if (isApi || !wantsPage || path.extname(pathname) !== '') {
      return sendProblem(request, reply, 404, 'NOT_FOUND', `No route for ${request.method} ${pathname}`);
    }
    const page = hasFormPage && isRespondentPage(pathname) ? FORM_PAGE : 'index.html';
    // cacheControl: false, or send's own 'public, max-age=0' would replace the no-cache header.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .sendFile(page, { cacheControl: false });
  };
}
