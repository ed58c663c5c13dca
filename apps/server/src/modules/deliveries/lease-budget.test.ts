import { WEBHOOK_LIMITS } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEASE_MS,
  LEASE_MARGIN_MS,
  leaseWarning,
  longestClaimMs,
  WEBHOOK_SENDS_PER_CLAIM,
} from './lease-budget.js';

const DEFAULTS = { mailTimeoutMs: 10_000, pdfTimeoutMs: 15_000, htmlWorkTimeoutMs: 5_000 };

describe('the deliveries lease against the longest claim', () => {
  it('the default lease outlasts a webhook claim and a receipt at the default timeouts', () => {
    expect(DEFAULT_LEASE_MS).toBe(WEBHOOK_SENDS_PER_CLAIM * WEBHOOK_LIMITS.timeoutMs + 30_000);
    expect(leaseWarning(DEFAULT_LEASE_MS, {})).toBeUndefined();
    // A receipt takes at most 5 + 45 + 10 = 60 s at the defaults, the webhooks 100 s.
    expect(longestClaimMs(DEFAULTS)).toEqual({ ms: 100_000, by: '10 webhook calls of up to 10 s' });
    expect(leaseWarning(DEFAULT_LEASE_MS, DEFAULTS)).toBeUndefined();
  });

  it('names the receipt when its template, PDF and mail outlast the webhooks; a logged mail takes no time', () => {
    expect(longestClaimMs({ ...DEFAULTS, mailTimeoutMs: 60_000 })).toEqual({
      ms: 110_000,
      by: 'a receipt (HTML_WORK_TIMEOUT_MS, three times PDF_TIMEOUT_MS, then SMTP_TIMEOUT_MS)',
    });
    expect(longestClaimMs({ pdfTimeoutMs: 40_000, htmlWorkTimeoutMs: 5_000 })).toEqual({
      ms: 125_000,
      by: 'a receipt (HTML_WORK_TIMEOUT_MS, three times PDF_TIMEOUT_MS)',
    });
    expect(longestClaimMs({ mailTimeoutMs: 120_000 }).by).toBe('a mail (SMTP_TIMEOUT_MS)');
  });

  it('warns unless the lease outlasts the longest claim by the margin, and says what to raise', () => {
    expect(leaseWarning(5_000, {})).toBe(
      'DELIVERIES_LEASE_SECONDS (5 s) does not outlast 10 webhook calls of up to 10 s, 100 s in all, and ' +
        '10 s to record them: a delivery still being sent when its lease ends can be sent twice. ' +
        'Raise DELIVERIES_LEASE_SECONDS to at least 110 or lower the timeouts.',
    );
    expect(leaseWarning(130_000, { ...DEFAULTS, mailTimeoutMs: 120_000 })).toContain(
      'does not outlast a receipt (HTML_WORK_TIMEOUT_MS, three times PDF_TIMEOUT_MS, then SMTP_TIMEOUT_MS), 170 s',
    );
    expect(leaseWarning(100_000 + LEASE_MARGIN_MS - 1, {})).toBeDefined();
    expect(leaseWarning(100_000 + LEASE_MARGIN_MS, {})).toBeUndefined();
  });
});
