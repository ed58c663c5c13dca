import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from './problem.js';

/**
 * Local mode lets anyone sign in as anyone, so it listens on 127.0.0.1. That alone does not keep a web page
 * out: by DNS rebinding, a site makes its own name resolve to 127.0.0.1, and the browser then treats this
 * server as that site (its `Origin` and `Host` both name the attacker's domain, so no same-origin check
 * notices). What the browser cannot forge is `Host`: it is always the name in the page's own URL. So local
 * mode answers only requests whose Host is a name of this server:
 *
 * - the host of PUBLIC_URL (where users are told to go),
 * - `localhost`,
 * - any IP address (`127.0.0.1`, `[::1]`, a LAN address when HOST opens it): an address is not looked up in
 *   DNS, so it cannot be rebound; a page at http://1.2.3.4 can only ever talk to 1.2.3.4.
 *
 * Any port: the attack lies in the name, not the port, and whatever sits in front forwards its own port
 * (Vite's dev proxy passes `localhost:5173` on unchanged, a proxy its public one).
 *
 * Only the raw Host header counts: X-Forwarded-Host (what `request.host` believes under TRUST_PROXY) is a
 * header a rebound page may set on its "same-origin" fetches. Google mode has no such check: a production
 * server serves whatever public name its proxy gives it, and its sign-in needs a real Google account.
 */
export function refuseOtherHosts(app: FastifyInstance, publicUrl: string) {
  const publicHost = new URL(publicUrl).hostname;
  // The callback form, as every per-request hook here (composition/server.ts); replying without done()
  // ends the request before any later hook, parser or route.
  app.addHook('onRequest', (request, reply, done) => {
    if (isOwnHost(request.headers.host, publicHost)) return done();
    refuse(request, reply);
  });
}

/** `name`, `name:port`, `[v6]` or `[v6]:port`; the name is compared in lower case (DNS is case-blind). */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/;

export function isOwnHost(host: string | undefined, publicHost: string): boolean {
  if (!host) return false; // HTTP/1.0 without a Host: not something a browser sends
  const name = HOST_HEADER.exec(host.toLowerCase())?.[1];
  if (name === undefined) return false;
  if (name === publicHost || name === 'localhost') return true;
  return isIP(name.startsWith('[') ? name.slice(1, -1) : name) !== 0;
}

/**
 * 403, as Vite's dev server answers an unknown host: the request is well formed, and this server will not
 * answer it at that name. (421 Misdirected Request would invite browsers to retry elsewhere.) The Host is
 * not echoed back: it is the caller's text.
 */
function refuse(request: FastifyRequest, reply: FastifyReply) {
  const detail =
    'This local-mode server answers only at its own address (PUBLIC_URL, localhost or an IP address), ' +
    'not at the host this request names.';
  const path = request.url.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) {
    return sendProblem(request, reply, 403, 'HOST_NOT_ALLOWED', detail);
  }
  return reply.code(403).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(detail);
}
