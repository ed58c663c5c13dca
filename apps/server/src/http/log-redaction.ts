import type { FastifyRequest } from 'fastify';
import { type SerializedError, stdSerializers } from 'pino';
import { decodeUnreserved } from './unreserved-escapes.js';

/** What a credential is replaced with in a log line. */
export const REDACTED = '[redacted]';

// A visitor's chat session id is their only credential (whoever has it reads and writes the chat), and it
// travels in the path: /chat/messages/{id}[/stream] for the visitor, /chat/admin/chat/{id}[/close|/typing]
// for the admins. An admin stream ticket travels in the query. Neither may reach a log line. The router
// also starts a query at `#` (a raw request may send one), and the query parser keeps a `#` inside a value.
const SESSION_ID_IN_PATH = /(\/chat\/(?:messages|admin\/chat)\/)[^/?#\s"']+/gi;
const CREDENTIAL_IN_QUERY = /([?&#](?:ticket|sessionId)=)[^&\s"']*/gi;

/**
 * A URL (or any text that may quote one, such as an error message) without the credentials in it. Text
 * with nothing to redact comes back exactly as it was, escapes and all. The router and the query parser
 * decode escapes, so `/chat/%6Dessages/{id}` and `?%74icket=` reach the chat routes as `messages` and
 * `ticket`: the patterns are matched on a copy with its escaped unreserved characters decoded, so they see
 * what the routes saw; a URL with a credential in it is logged in the decoded form.
 */
export function redactCredentials(text: string): string {
  const decoded = decodeUnreserved(text);
  const redacted = decoded
    .replace(SESSION_ID_IN_PATH, `$1${REDACTED}`)
    .replace(CREDENTIAL_IN_QUERY, `$1${REDACTED}`);
  return redacted === decoded ? text : redacted;
}

/**
 * The logger's serializers. `req` replaces Fastify's (the same fields, the URL redacted) for any line that
 * logs a request; `err` is pino's, with every string it keeps (message, stack, and properties such as a
 * serialization error's `url`) redacted, and a string logged as `err` redacted too.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: redactCredentials(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: Error): SerializedError => {
    const serialized = stdSerializers.err(error);
    // Not an error (a string, say): pino keeps it as it is, so it is copied while redacted.
    if ((serialized as unknown) === error) return redactStrings(error) as SerializedError;
    // pino's fresh copy of the error: its fields are rewritten on it (it keeps `raw` out of the line).
    for (const key of Object.keys(serialized)) serialized[key] = redactStrings(serialized[key]);
    return serialized;
  },
};

/** The value with every string in it redacted; objects and arrays are copied, never changed in place. */
function redactStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactCredentials(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, depth + 1));
  // Plain records and serialized errors (a cause, an aggregate's errors); other objects stay as they are.
  const prototype = Object.getPrototypeOf(value);
  const record =
    prototype === Object.prototype ||
    prototype === null ||
    Object.prototype.propertyIsEnumerable.call(value, 'stack');
  if (!record) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, redactStrings(item, depth + 1)]),
  );
}
