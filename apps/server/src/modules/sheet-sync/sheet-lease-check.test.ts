import { describe, expect, it } from 'vitest';
import { sheetLeaseWarning } from './sheet-lease-check.js';

describe('sheetLeaseWarning', () => {
  it('says nothing with the defaults (a 60 s lease, 10 s Google calls)', () => {
    expect(sheetLeaseWarning(60_000, 10_000)).toBeUndefined();
  });

  it('warns when a call and its token exchange could outlast the lease', () => {
    expect(sheetLeaseWarning(60_000, 30_000)).toBe(
      "SHEET_SYNC_LEASE_SECONDS (60 s) is shorter than two Google calls' time limits and a margin (GOOGLE_TIMEOUT_MS × 2 + 10 s = 70 s): another instance could take over a spreadsheet while a write is still under way. Raise it to at least 70.",
    );
  });
});
