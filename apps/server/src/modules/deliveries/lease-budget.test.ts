import { WEBHOOK_LIMITS } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LEASE_MS, leaseWarning, longestClaimMs, WEBHOOK_SENDS_PER_CLAIM } from './lease-budget.js';

describe('the deliveries lease against the longest claim', () => {
  it('the default lease outlasts a webhook claim and a receipt at the default timeouts', () => {
    expect(DEFAULT_LEASE_MS).toBe(WEBHOOK_SENDS_PER_CLAIM * WEBHOOK_LIMITS.timeoutMs + 30_000);
    expect(leaseWarning(DEFAULT_LEASE_MS, {})).toBeUndefined();
    // SMTP_TIMEOUT_MS 10 s and PDF_TIMEOUT_MS 15 s: a receipt takes at most 55 s, the webhooks 100 s.
    expect(leaseWarning(DEFAULT_LEASE_MS, { mailTimeoutMs: 10_000, pdfTimeoutMs: 15_000 })).toBeUndefined();
  });

  it('names the receipt when its PDF and mail outlast the webhooks', () => {
    expect(longestClaimMs({ mailTimeoutMs: 60_000, pdfTimeoutMs: 15_000 })).toEqual({
      ms: 105_000,
      by: 'a receipt (PDF_TIMEOUT_MS three times, then SMTP_TIMEOUT_MS)',
    });
    expect(longestClaimMs({ mailTimeoutMs: 120_000 }).by).toBe('a mail (SMTP_TIMEOUT_MS)');
    expect(longestClaimMs({ mailTimeoutMs: 60_000 }).ms).toBe(100_000);
  });

  it('warns when the lease does not outlast the longest claim, and says what to raise', () => {
    expect(leaseWarning(5_000, {})).toBe(
      'DELIVERIES_LEASE_SECONDS (5 s) does not outlast 10 webhook calls of up to 10 s, 100 s in all: ' +
        'a delivery still being sent when its lease ends can be sent twice. ' +
        'Raise DELIVERIES_LEASE_SECONDS above 100 or lower the timeouts.',
    );
    const mail = leaseWarning(130_000, { mailTimeoutMs: 120_000, pdfTimeoutMs: 15_000 });
    expect(mail).toContain(
      'does not outlast a receipt (PDF_TIMEOUT_MS three times, then SMTP_TIMEOUT_MS), 165 s',
    );
    // A lease equal to the longest claim is not enough: the record of the outcome needs a moment too.
    expect(leaseWarning(100_000, {})).toBeDefined();
    expect(leaseWarning(100_001, {})).toBeUndefined();
  });
});
