import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendGoogleError } from '../google-errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The control API changes or wipes local data (reset, seed, faults), and a browser lets any page on any
 * site send it a POST: a form post, a `no-cors` fetch or a beacon. Every such request a browser sends
 * cross-site carries an `Origin`, and every one that can carry a body without a preflight has a form
 * content type (urlencoded, multipart, text/plain). So a state-changing control call is refused when its
 * Origin is not the emulator's own (or is `null`: sandboxed frames, files), and when it has a body that is
 * not JSON. Tools (tests, seed scripts, curl) send no Origin and either no body or JSON, and are not affected.
 *
 * "Its own" is the origin of the configured issuer (the emulator's public URL), not the request's `Host`:
 * under DNS rebinding a hostile site's name resolves to this machine, and its page's Origin and Host then
 * both name that site, so comparing the two would let it in.
 */
export function guardControlCalls(
  request: FastifyRequest,
  reply: FastifyReply,
  ownOrigin: string,
): FastifyReply | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const origin = request.headers.origin;
  if (origin !== undefined && !isOrigin(origin, ownOrigin)) {
    return sendGoogleError(reply, 403, 'The emulator control API does not take calls from other sites.');
  }
  const contentType = request.headers['content-type'];
  if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) {
    return sendGoogleError(
      reply,
      415,
      'The emulator control API takes JSON bodies only (Content-Type: application/json).',
    );
  }
  return undefined;
}

/** Compared as parsed origins, so `HTTP://LOCALHOST:3000` and `http://localhost:3000` are the same one. */
export function isOrigin(origin: string, ownOrigin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === ownOrigin;
  } catch {
    return false; // 'null' and anything else that is not an origin
  }
}

/**
 * Runs the guard before every control route (paths containing `/__emulator/`), ahead of body parsing.
 * `issuer` is read per call: a standalone emulator knows its port, and so its issuer, only once listening.
 */
export function registerControlGuard(app: FastifyInstance, issuer: () => string) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.url?.includes('/__emulator/')) return;
    const refused = guardControlCalls(request, reply, new URL(issuer()).origin);
    if (refused) return refused;
  });
}
