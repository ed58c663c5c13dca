import { createHmac, timingSafeEqual } from 'node:crypto';

/** A position in the inbox's newest-first order: the last message of the previous page. */
export interface ContactCursor {
  createdAt: string;
  id: string;
}

export interface ContactCursorCodec {
  encode(cursor: ContactCursor): string;
  /** Undefined for anything this codec did not write (tampered, truncated, another server's secret). */
  decode(text: string): ContactCursor | undefined;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAC_BYTES = 16;

/**
 * Inbox cursors: base64url JSON `{c, i}` and a truncated HMAC-SHA256 under a key of their own (derived
 * from the server secret), so the keyset query only ever sees positions the server handed out.
 */
export function createContactCursorCodec(secret: string): ContactCursorCodec {
  const key = createHmac('sha256', secret).update('sheetforms/contact-cursor/v1').digest();
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
      if (typeof c !== 'string' || typeof i !== 'string' || !INSTANT.test(c) || !MESSAGE_ID.test(i)) {
        return undefined;
      }
      return { createdAt: c, id: i };
    },
  };
}
