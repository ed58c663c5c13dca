import { WEBHOOK_LIMITS } from '@sheetforms/contract';

/** Deliveries of one webhook claimed together and sent one after another (the lease covers them all). */
export const WEBHOOK_SENDS_PER_CLAIM = 10;

/**
 * Beyond the sends' own timeouts: recording the outcomes, and the steps no timeout bounds (a webhook's DNS
 * lookup runs before its 10 s start). The lease must outlast a claim by at least this much.
 */
export const LEASE_MARGIN_MS = 10_000;

/** The default lease: a webhook's claimed deliveries at their longest, and half a minute to record them. */
export const DEFAULT_LEASE_MS = WEBHOOK_SENDS_PER_CLAIM * WEBHOOK_LIMITS.timeoutMs + 30_000;

export interface SendLimits {
  /** SMTP_TIMEOUT_MS, when mail is sent over SMTP (in local mode mail is logged, which takes no time). */
  mailTimeoutMs?: number;
  /** PDF_TIMEOUT_MS: a receipt's PDF waits for a slot up to twice this, then renders up to once this. */
  pdfTimeoutMs?: number;
  /** HTML_WORK_TIMEOUT_MS: the receipt's template is filled on an HTML worker before it is printed. */
  htmlWorkTimeoutMs?: number;
}

/**
 * What one claim's sends can take at their longest, each bounded by its own timeout: a webhook's claimed
 * deliveries one after another, or a receipt (its template filled, its PDF queued and rendered, then its
 * mail). A delivery still being sent when its lease ends can be claimed again, by this instance or
 * another, and sent twice.
 */
export function longestClaimMs(limits: SendLimits): { ms: number; by: string } {
  const webhooks = {
    ms: WEBHOOK_SENDS_PER_CLAIM * WEBHOOK_LIMITS.timeoutMs,
    by: `${WEBHOOK_SENDS_PER_CLAIM} webhook calls of up to ${WEBHOOK_LIMITS.timeoutMs / 1000} s`,
  };
  const pdfMs =
    limits.pdfTimeoutMs === undefined ? 0 : (limits.htmlWorkTimeoutMs ?? 0) + 3 * limits.pdfTimeoutMs;
  const receipt = {
    ms: pdfMs + (limits.mailTimeoutMs ?? 0),
    by:
      pdfMs > 0
        ? `a receipt (HTML_WORK_TIMEOUT_MS, three times PDF_TIMEOUT_MS${limits.mailTimeoutMs === undefined ? '' : ', then SMTP_TIMEOUT_MS'})`
        : 'a mail (SMTP_TIMEOUT_MS)',
  };
  return receipt.ms > webhooks.ms ? receipt : webhooks;
}

/**
 * A start-up warning when DELIVERIES_LEASE_SECONDS does not outlast the longest claim by LEASE_MARGIN_MS:
 * the operator set a timeout near or above the lease (or a lease under the timeouts), and a slow send
 * could then go out twice. Undefined when the lease covers it.
 */
export function leaseWarning(leaseMs: number, limits: SendLimits): string | undefined {
  const longest = longestClaimMs(limits);
  const needed = longest.ms + LEASE_MARGIN_MS;
  if (leaseMs >= needed) return undefined;
  return (
    `DELIVERIES_LEASE_SECONDS (${leaseMs / 1000} s) does not outlast ${longest.by}, ` +
    `${Math.ceil(longest.ms / 1000)} s in all, and ${LEASE_MARGIN_MS / 1000} s to record them: a delivery ` +
    `still being sent when its lease ends can be sent twice. Raise DELIVERIES_LEASE_SECONDS to at least ` +
    `${Math.ceil(needed / 1000)} or lower the timeouts.`
  );
}
