import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The public pages (/, /pricing, /contact, /chat, /chat-support), prerendered by the web build into
 * `dist/marketing/` with a list of them in `pages.json` (decision 0018). The build does not know where it
 * will be served, so the pages carry a placeholder for the origin of their canonical and Open Graph URLs;
 * they are read once at start, given this server's public URL, compressed once (brotli and gzip) and sent
 * from memory: fresh on every visit (`no-cache`, with an ETag), never cached long like the hashed assets.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = '%SHEETFORMS_PUBLIC_ORIGIN%';

interface Variant {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

export interface MarketingPage {
  path: string;
  etag: string;
  identity: Variant;
  br: Variant;
  gzip: Variant;
}

export interface MarketingSite {
  /** The page of a path ('/pricing'), if it is one of the public pages. */
  page(pathname: string): MarketingPage | undefined;
  paths: string[];
  robotsTxt: string;
  sitemapXml: string;
}

function compressed(html: Buffer): Pick<MarketingPage, 'identity' | 'br' | 'gzip'> {
  return {
    identity: { body: html },
    br: {
      body: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      encoding: 'br',
    },
    gzip: { body: zlib.gzipSync(html, { level: 9 }), encoding: 'gzip' },
  };
}

function isPageList(value: unknown): value is { path: string; file: string }[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof item.path === 'string' &&
        item.path.startsWith('/') &&
        typeof item.file === 'string' &&
        /^[a-z0-9-]+\.html$/.test(item.file),
    )
  );
}

/** Reads the prerendered pages of a build; undefined when the build has none (an older build). */
export function loadMarketingSite(distDir: string, publicUrl: string): MarketingSite | undefined {
  const dir = path.join(distDir, 'marketing');
  const listFile = path.join(dir, 'pages.json');
  if (!fs.existsSync(listFile)) return undefined;
  const list: unknown = JSON.parse(fs.readFileSync(listFile, 'utf8'));
  if (!isPageList(list)) throw new Error(`${listFile} is not a list of { path, file }`);
  const origin = new URL(publicUrl).origin;
  const pages = new Map<string, MarketingPage>();
  for (const { path: pagePath, file } of list) {
    const html = Buffer.from(
      fs.readFileSync(path.join(dir, file), 'utf8').replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, origin),
    );
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    pages.set(pagePath, { path: pagePath, etag, ...compressed(html) });
  }
  const paths = [...pages.keys()];
  return {
    page: (pathname) => pages.get(pathname),
    paths,
    robotsTxt: [
      'User-agent: *',
      'Allow: /',
      'Disallow: /dashboard',
      'Disallow: /api/',
      'Disallow: /__google/',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n'),
    sitemapXml: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...paths.map((p) => `  <url><loc>${origin}${p}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n'),
  };
}

/** The encodings a request accepts, by its Accept-Encoding (q=0 refuses one). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

export function sendMarketingPage(request: FastifyRequest, reply: FastifyReply, page: MarketingPage) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', page.etag);
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const variant = encoding ? page[encoding] : page.identity;
  if (variant.encoding) reply.header('content-encoding', variant.encoding);
  return reply.send(variant.body);
}
