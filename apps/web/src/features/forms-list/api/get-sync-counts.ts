import type { FormSyncCounts } from '@sheetforms/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { syncPollInterval } from '../logic/sync-health';
import { formsListKeys } from './query-keys';

/** GET /forms/sync-counts: per form, responses not yet in the sheet and those that failed. */
export async function getSyncCounts(): Promise<FormSyncCounts> {
  const { data } = await apiClient.get<FormSyncCounts>('/forms/sync-counts');
  return data;
}

/**
 * Polls every 5 s while any form has pending responses and stops when none has. TanStack Query does not
 * run the interval while the tab is hidden (refetchIntervalInBackground is off), and refetches on return.
 */
export const syncCountsQueryOptions = () =>
  queryOptions({
    queryKey: formsListKeys.syncCounts,
    queryFn: getSyncCounts,
    refetchInterval: (query) => syncPollInterval(query.state.data),
    refetchIntervalInBackground: false,
  });

export function useSyncCounts(enabled = true) {
  return useQuery({ ...syncCountsQueryOptions(), enabled });
}
