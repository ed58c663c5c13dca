import { createHmac, timingSafeEqual } from 'node:crypto';

/** A position in a newest-first list: the created time and id of the last row of the previous page. */
export interface KeysetCursor {
  createdAt: string;
  id: string;
}

export interface KeysetCursorCodec {
  encode(cursor: KeysetCursor): string;
  /** Undefined for anything this codec did not write (tampered, truncated, another server's secret). */
  decode(text: string): KeysetCursor | undefined;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const ROW_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAC_BYTES = 16;

/**
 * Cursors are opaque to clients: base64url JSON `{c, i}` and a truncated HMAC-SHA256 over it, under a key
 * of each list's own (`purpose`, derived from the server secret), so a cursor of one list never passes in
 * another, nor as any other signed value. The MAC means a cursor can only be one the server handed out,
 * so the keyset query never sees values we did not write; the shape check after it keeps even a leaked
 * key from reaching the query with junk.
 */
export function createKeysetCursorCodec(secret: string, purpose: string): KeysetCursorCodec {
  const key = createHmac('sha256', secret).update(purpose).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

  return {
    encode({ createdAt, id }) {
      const payload = Buffer.from(JSON.stringify({ c: createdAt, i: id })).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    decode(text) {
      const [payload, signature, ...rest] = text.split('.');
      if (!payload || !signature || rest.length > 0) return undefined;
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(payload))) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return undefined;
      }
      if (typeof parsed !== 'object' || parsed === null || Object.keys(parsed).length !== 2) return undefined;
      const { c, i } = parsed as { c?: unknown; i?: unknown };
      if (typeof c !== 'string' || typeof i !== 'string' || !INSTANT.test(c) || !ROW_ID.test(i)) {
        return undefined;
      }
      return { createdAt: c, id: i };
    },
  };
}
