import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  encodePrefillPayload,
  PREFILL_LIMITS,
  type PrefillPayload,
  readPrefillPayload,
} from '@sheetforms/contract';

export type PrefillTokenCheck =
  | { ok: true; payload: PrefillPayload }
  | { ok: false; reason: 'invalid' | 'expired' };

export interface PrefillTokens {
  /** `{payload}.{signature}` (the contract's token format), signed under the prefill links' own key. */
  sign(payload: PrefillPayload): string;
  /** Trusted only when the signature holds, it was made for `formId` and it has not expired. */
  verify(token: string, formId: string): PrefillTokenCheck;
}

/** Changing it invalidates every prefilled link handed out, so it names a version. */
const PURPOSE = 'sheetforms/prefill-link/v1';

/**
 * Prefilled links' tokens (issue 23): HMAC-SHA256 over the encoded payload, under a key derived from the
 * server secret for this purpose alone, so no other signed value of the server (sessions, cursors) can
 * pass as a token, nor a token as one of them. The payload names its form, so a token of one form
 * locks nothing on another.
 */
export function createPrefillTokens(secret: string, now: () => Date = () => new Date()): PrefillTokens {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  const mac = (encoded: string) => createHmac('sha256', key).update(encoded).digest('base64url');

  return {
    sign(payload) {
      const encoded = encodePrefillPayload(payload);
      return `${encoded}.${mac(encoded)}`;
    },
    verify(token, formId) {
      if (token.length > PREFILL_LIMITS.tokenMax) return { ok: false, reason: 'invalid' };
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
      // Compared as the text written: base64url's last character has spare bits, so two texts can decode
      // to the same bytes, and only the one the server wrote should pass.
      const expected = Buffer.from(mac(encoded));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      const payload = readPrefillPayload(token);
      if (!payload || payload.formId !== formId) return { ok: false, reason: 'invalid' };
      if (payload.expiresAt !== undefined && payload.expiresAt * 1000 <= now().getTime()) {
        return { ok: false, reason: 'expired' };
      }
      return { ok: true, payload };
    },
  };
}
