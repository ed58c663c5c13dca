const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Escaped letters, digits and -._~ decoded: RFC 3986 calls `%61` and `a` the same, and the router and the
 * query parser decode them too, so a check that must read a path or query as the routes saw it (the log's
 * redaction, the web app's API paths) reads it decoded. Other escapes (an escaped slash, say) stay as they
 * are, as the router keeps them.
 */
export function decodeUnreserved(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(ESCAPE, (escaped, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : escaped;
  });
}
