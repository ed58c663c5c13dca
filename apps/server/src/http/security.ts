import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config-types.js';
import { isEmbedScript, isRespondentPage } from './respondent-pages.js';

/** What the policy depends on: the mode and where the browser reaches Google. */
export type SecurityHeadersConfig = Pick<Config, 'mode' | 'publicUrl' | 'browserGoogleApis'>;

/**
 * Security headers for every reply: the page set below, or the API's shorter one (isApiReply). Only the
 * respondent's pages (/form/* and /form-login) may be framed by other sites, because embedding a form is a
 * product feature; every other page refuses framing.
 *
 * Document templates call Google from the browser with the owner's own token: Google Identity Services'
 * script, its popup, and the Docs, Sheets and Drive APIs. In Google mode the policy allows exactly those
 * (the sources Google documents for GIS); in local mode they are the emulator under this origin, so 'self'
 * covers them, unless configured elsewhere.
 *
 * Helmet's middleware is built once here, and run once: the headers depend on the configuration alone (no
 * nonces, no per-request directives), so each request gets the captured list. (@fastify/helmet rebuilds the
 * middleware, re-parsing the whole policy, on every request, which cost about 4% of the CPU of a public
 * submission under load; running the built one per request still cost 4%, most of it building the policy's
 * text again.)
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: SecurityHeadersConfig) {
  const google = googleSources(config);
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google.script],
        styleSrc: ["'self'", "'unsafe-inline'", ...google.style],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...google.connect],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", ...google.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Google's popups (sign-in, the token client) must be able to hand the token back to their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });

  const pageHeaders = headersSetBy(applyHeaders);
  // Set as Fastify's reply headers, not on the raw response: Node then writes the whole header block from
  // one object (writeHead's fast path) instead of keeping a [name, value] pair for every header of every
  // reply. A stream that takes over the raw response (reply.hijack) copies them (chat-sse.ts).
  const pageRecord = Object.freeze(Object.fromEntries(pageHeaders));
  const apiRecord = Object.freeze(Object.fromEntries(apiHeadersFrom(pageHeaders)));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiReply(request.url) ? apiRecord : pageRecord);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiReply(request.url)) return done(null, payload);
    // Host pages load the embed script from their own origin, which the default same-origin resource
    // policy would refuse.
    if (isEmbedScript(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    if (isRespondentPage(request.url)) {
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
      }
    }
    done(null, payload);
  });
}

/**
 * Every reply whose address starts /api/, except the API's documentation pages (/api/docs, HTML, with or
 * without a query): JSON, problems, CSV, XLSX, PDF and ZIP downloads, signature images, the chat's event
 * stream. None is a page a browser runs, so none needs the page policy's sources, and the headers that only
 * steer a document (opener, DNS prefetch, downloads in old IE, the XSS auditor, Flash's policy files,
 * origin-keyed agents, the referrer of a page's own requests) say nothing about them.
 *
 * Read from the address as sent, not the route (`request.routeOptions` builds an object per read, twice per
 * request here): an API route reached through an escaped spelling (`/%61pi/...`) gets the page set, which is
 * what every reply carried before.
 */
export function isApiReply(url: string): boolean {
  if (!url.startsWith('/api/')) return false;
  if (!url.startsWith('/api/docs')) return true;
  const next = url.charAt('/api/docs'.length);
  return next !== '' && next !== '/' && next !== '?';
}

/**
 * The API's headers, after OWASP's REST Security Cheat Sheet: a policy that allows nothing and no framing,
 * no sniffing, HSTS, and the resource policy that keeps other sites from embedding a reply. Taken from the
 * page headers, so each value has one definition; five lines instead of twelve (a submit reply: 1,109 →
 * 669 bytes).
 */
function apiHeadersFrom(pageHeaders: Array<[string, string]>): Array<[string, string]> {
  const kept = new Set([
    'cross-origin-resource-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ]);
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ...pageHeaders.filter(([name]) => kept.has(name)),
  ];
}

/** The extra sources document templates need, by directive. */
function googleSources(config: SecurityHeadersConfig) {
  const self = new URL(config.publicUrl).origin;
  const apis = config.browserGoogleApis;
  const foreign = (url: string) => (new URL(url).origin === self ? [] : [url]);
  const apiOrigins = [apis.docsApiUrl, apis.sheetsApiUrl, apis.driveApiUrl].flatMap((url) =>
    foreign(new URL(url).origin),
  );
  // GIS's own needs, from Google's CSP guide for Identity Services: its iframes, its calls and its style
  // sheet live under accounts.google.com/gsi/, and revoke() calls oauth2.googleapis.com. A document's
  // images (Docs' contentUri) are fetched from googleusercontent.com.
  const gis =
    config.mode === 'google'
      ? {
          connect: [
            'https://accounts.google.com/gsi/',
            'https://oauth2.googleapis.com',
            'https://*.googleusercontent.com',
          ],
          frame: ['https://accounts.google.com/gsi/'],
          style: ['https://accounts.google.com/gsi/style'],
        }
      : // The emulator's token client revokes tokens at the origin it was loaded from.
        { connect: foreign(new URL(apis.tokenClientScriptUrl).origin), frame: [], style: [] };
  return {
    script: foreign(apis.tokenClientScriptUrl),
    connect: [...new Set([...apiOrigins, ...gis.connect])],
    frame: gis.frame,
    style: gis.style,
  };
}

/**
 * The headers a helmet middleware sets, by running it once against a stand-in response. Helmet's middleware
 * is synchronous; one that were not (or that failed) would be a configuration this code does not expect,
 * so it stops the start-up rather than serve replies without their headers.
 */
export function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  middleware(
    { method: 'GET', url: '/' } as IncomingMessage,
    response as unknown as ServerResponse,
    (error) => {
      if (error) throw error;
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not finish synchronously');
  return [...headers];
}
