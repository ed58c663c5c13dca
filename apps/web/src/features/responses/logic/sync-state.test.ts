// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasUnsyncedRows, SYNC_FAILED_WITHOUT_REASON, syncStateView } from './sync-state';

describe('syncStateView', () => {
  it('reads synced rows as Synced', () => {
    expect(syncStateView({ syncState: 'synced', syncError: null })).toMatchObject({
      label: 'Synced',
      variant: 'success',
      canRetry: false,
    });
  });

  it('shows the reason of a failure and offers Retry', () => {
    expect(syncStateView({ syncState: 'failed', syncError: ' The sheet "Leads" was deleted ' })).toEqual({
      label: 'Failed',
      variant: 'danger',
      detail: 'The sheet "Leads" was deleted',
      canRetry: true,
    });
    expect(syncStateView({ syncState: 'failed', syncError: null }).detail).toBe(SYNC_FAILED_WITHOUT_REASON);
  });

  it('reads pending and claimed rows as Pending, with the error of a row waiting for a retry', () => {
    expect(syncStateView({ syncState: 'claimed', syncError: null })).toMatchObject({
      label: 'Pending',
      canRetry: false,
    });
    expect(syncStateView({ syncState: 'pending', syncError: 'Google answered 503' }).detail).toBe(
      'Will be tried again: Google answered 503',
    );
  });
});

describe('hasUnsyncedRows', () => {
  it('is true while some row is pending or claimed', () => {
    expect(hasUnsyncedRows([{ syncState: 'synced' }, { syncState: 'claimed' }])).toBe(true);
    expect(hasUnsyncedRows([{ syncState: 'synced' }, { syncState: 'failed' }])).toBe(false);
    expect(hasUnsyncedRows([])).toBe(false);
  });
});
