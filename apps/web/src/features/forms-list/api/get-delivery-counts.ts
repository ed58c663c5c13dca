import type { FormDeliveryCounts } from '@sheetforms/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formsListKeys } from './query-keys';

/** While any delivery is being retried, Manage Forms looks again this often (retries are 30 s and up apart). */
export const DELIVERY_POLL_MS = 30_000;

/** GET /forms/delivery-counts: per form, e-mail and webhook deliveries retrying and failed. */
export async function getDeliveryCounts(): Promise<FormDeliveryCounts> {
  const { data } = await apiClient.get<FormDeliveryCounts>('/forms/delivery-counts');
  return data;
}

/** One request for the whole page (every row reads the same query); polls only while something retries. */
export function useDeliveryCounts() {
  return useQuery({
    queryKey: formsListKeys.deliveryCounts,
    queryFn: getDeliveryCounts,
    refetchInterval: (query) =>
      Object.values(query.state.data ?? {}).some((count) => count.retrying > 0) ? DELIVERY_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}
