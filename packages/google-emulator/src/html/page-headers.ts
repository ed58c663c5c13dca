import type { FastifyReply } from 'fastify';

/**
 * Sends an emulator page with locked-down headers: no scripts, no external loads, no framing (the
 * chooser must not be clickjacked), and forms may only post back here or go to `formTarget` (the
 * redirect URI's origin), because the browser applies form-action to the redirect after the post too.
 * No Cross-Origin-Opener-Policy is set: the sign-in popup must keep its `window.opener`.
 */
export function sendPage(reply: FastifyReply, status: number, page: string, formTarget?: string) {
  const formAction = formTarget ? `'self' ${formTarget}` : `'none'`;
  return reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; img-src data:; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}

/**
 * Sends one of the data pages (spreadsheets, rows): like {@link sendPage}, but same-origin scripts may run
 * (the Copy buttons and the CSV file reader) and forms post back here.
 */
export function sendDataPage(reply: FastifyReply, status: number, page: string) {
  return reply
    .code(status)
    .header(
      'content-security-policy',
      "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; form-action 'self'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
    )
    .header('x-frame-options', 'DENY')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page);
}
