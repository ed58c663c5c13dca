import type { FastifyInstance } from 'fastify';
import { emulatorBadge, renderPage } from '../html/page-layout.js';
import { html } from '../html/safe-html.js';
import { CALLBACK_SCRIPT, tokenClientScript } from './token-client-script.js';

/** What the token client routes need. */
export interface TokenClientRoutesDeps {
  /** The emulator's public URL (the script's fallback when it cannot see its own URL). */
  issuer: () => string;
}

/**
 * Google Identity Services' token client for local mode: `GET /gsi/client` (the script, what
 * `https://accounts.google.com/gsi/client` is in Google mode) and `GET /gsi/callback` (the popup's last
 * page, which hands the token to the opener). Why a callback page and postMessage: the authorization
 * endpoint stays a plain implicit-flow endpoint, the token travels only in a fragment (never to a server
 * or a log) on the emulator's own origin, and `postMessage` with the opener's origin as target, checked
 * against the popup window and a request id on the other side, delivers it to that page alone, also when
 * the emulator runs on another origin than the app.
 */
export function registerTokenClientRoutes(app: FastifyInstance, deps: TokenClientRoutesDeps) {
  app.get('/gsi/client', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      // Any app page may load it, from any origin, as it may load Google's.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('access-control-allow-origin', '*')
      .send(tokenClientScript(deps.issuer())),
  );

  app.get('/gsi/callback.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .send(CALLBACK_SCRIPT),
  );

  app.get('/gsi/callback', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      )
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      // The fragment holds a token: this page must not leak its URL to anyone.
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(
        renderPage({
          title: 'Signing in – Google emulator',
          // Relative, so it resolves under whatever prefix the emulator is mounted at.
          scripts: ['callback.js'],
          content: html`${emulatorBadge()}
<h1>Signing in…</h1>
<p class="subtitle" id="status" role="status">Handing the access token back to the app.</p>`,
        }),
      ),
  );
}
