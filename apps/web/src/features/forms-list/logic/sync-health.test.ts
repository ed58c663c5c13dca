// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { syncCountsQueryOptions } from '../api/get-sync-counts';
import {
  failedText,
  hasPendingSync,
  latestFailureReason,
  pendingText,
  SYNC_POLL_MS,
  syncCountFor,
  syncPollInterval,
} from './sync-health';

describe('sheet-sync health', () => {
  it('reads a form’s counts, absent forms meaning nothing pending or failed', () => {
    expect(syncCountFor(undefined, 'f1')).toEqual({ pending: 0, failed: 0 });
    expect(syncCountFor({ f2: { pending: 1, failed: 0 } }, 'f1')).toEqual({ pending: 0, failed: 0 });
    expect(syncCountFor({ f1: { pending: 2, failed: 3 } }, 'f1')).toEqual({ pending: 2, failed: 3 });
  });

  it('polls every 5 s only while some form has pending responses', () => {
    expect(hasPendingSync(undefined)).toBe(false);
    expect(hasPendingSync({})).toBe(false);
    expect(hasPendingSync({ f1: { pending: 0, failed: 4 } })).toBe(false);
    expect(hasPendingSync({ f1: { pending: 0, failed: 4 }, f2: { pending: 1, failed: 0 } })).toBe(true);
    expect(syncPollInterval({ f2: { pending: 1, failed: 0 } })).toBe(SYNC_POLL_MS);
    expect(SYNC_POLL_MS).toBe(5000);
    expect(syncPollInterval({ f1: { pending: 0, failed: 1 } })).toBe(false);
  });

  it('wires the interval into the query and leaves it off while the tab is hidden', () => {
    const options = syncCountsQueryOptions();
    expect(options.refetchIntervalInBackground).toBe(false);
    const interval = options.refetchInterval as (query: { state: { data: unknown } }) => number | false;
    expect(interval({ state: { data: { f1: { pending: 3, failed: 0 } } } })).toBe(5000);
    expect(interval({ state: { data: {} } })).toBe(false);
    expect(interval({ state: { data: undefined } })).toBe(false);
  });

  it('words the counts', () => {
    expect(pendingText(1)).toBe('1 pending');
    expect(failedText(12)).toBe('12 failed');
  });

  it('picks the reason of the latest failed response', () => {
    expect(latestFailureReason([])).toBeUndefined();
    expect(
      latestFailureReason([
        { createdAt: '2025-03-02T00:00:00.000Z', syncState: 'failed', syncError: 'newer' },
        { createdAt: '2025-03-01T00:00:00.000Z', syncState: 'failed', syncError: 'older' },
        { createdAt: '2025-03-03T00:00:00.000Z', syncState: 'synced', syncError: 'stale' },
        { createdAt: '2025-03-04T00:00:00.000Z', syncState: 'failed', syncError: '  ' },
        { createdAt: '2025-03-05T00:00:00.000Z', syncState: 'failed', syncError: null },
      ]),
    ).toBe('newer');
  });
});
