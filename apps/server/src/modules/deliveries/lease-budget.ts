import { WEBHOOK_LIMITS } from '@sheetforms/contract';

/** Deliveries of one webhook claimed together and sent one after another (the lease covers them all). */
export const WEBHOOK_SENDS_PER_CLAIM = 10;

/** The default lease: a webhook's claimed deliveries at their longest, and half a minute to record them. */
export const DEFAULT_LEASE_MS = WEBHOOK_SENDS_PER_CLAIM * WEBHOOK_LIMITS.timeoutMs + 30_000;

export interface SendLimits {
  /** SMTP_TIMEOUT_MS, when mail is sent over SMTP. */
  mailTimeoutMs?: number;
  /** PDF_TIMEOUT_MS: a receipt's PDF waits for a slot up to twice this, then renders up to once this. */
  pdfTimeoutMs?: number;
}

/**
 * What one claim's sends can take at their longest, each bounded by its own timeout: a webhook's claimed
 * deliveries one after another, or a receipt (its PDF queued and rendered, then its mail). A delivery
 * still being sent when its lease ends can be claimed again, by this instance or another, and sent twice.
 */
export function longestClaimMs(limits: SendLimits): { ms: number; by: string } {
  const webhooks = {
    ms: WEBHOOK_SENDS_PER_CLAIM * WEBHOOK_LIMITS.timeoutMs,
    by: `${WEBHOOK_SENDS_PER_CLAIM} webhook calls of up to ${WEBHOOK_LIMITS.timeoutMs / 1000} s`,
  };
  if (limits.mailTimeoutMs === undefined) return webhooks;
  const pdfMs = limits.pdfTimeoutMs === undefined ? 0 : 3 * limits.pdfTimeoutMs;
  const receipt = {
    ms: pdfMs + limits.mailTimeoutMs,
    by:
      pdfMs > 0 ? 'a receipt (PDF_TIMEOUT_MS three times, then SMTP_TIMEOUT_MS)' : 'a mail (SMTP_TIMEOUT_MS)',
  };
  return receipt.ms > webhooks.ms ? receipt : webhooks;
}

/**
 * A start-up warning when DELIVERIES_LEASE_SECONDS does not outlast the longest claim: the operator set a
 * timeout above the lease (or a lease under the timeouts), and a slow send could then go out twice.
 * Undefined when the lease covers it.
 */
export function leaseWarning(leaseMs: number, limits: SendLimits): string | undefined {
  const longest = longestClaimMs(limits);
  if (leaseMs > longest.ms) return undefined;
  return (
    `DELIVERIES_LEASE_SECONDS (${leaseMs / 1000} s) does not outlast ${longest.by}, ` +
    `${Math.ceil(longest.ms / 1000)} s in all: a delivery still being sent when its lease ends can be sent twice. ` +
    `Raise DELIVERIES_LEASE_SECONDS above ${Math.ceil(longest.ms / 1000)} or lower the timeouts.`
  );
}
