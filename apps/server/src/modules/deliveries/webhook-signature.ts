import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new webhook's signing secret: 32 random bytes, as `whsec_` and base64url (shown to the owner once). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * `X-SheetForms-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}`, as Stripe signs: the
 * timestamp inside the signed text lets a receiver refuse old deliveries (replays of a captured request).
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** The receiver's side (docs/webhooks.md shows the same in a few lines): true for a valid, fresh signature. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  options: { nowSeconds: number; toleranceSeconds?: number },
): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(options.nowSeconds - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1] ?? '', 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
