import type { FormDetail } from '@sheetforms/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { latestFailureReason } from '../logic/sync-health';
import { formsListKeys } from './query-keys';

/** GET /forms/{formId}: the reason of the form's latest failed response, if one was recorded. */
export async function getSyncFailureReason(formId: string): Promise<string | null> {
  const { data } = await apiClient.get<FormDetail>(`/forms/${encodeURIComponent(formId)}`);
  return latestFailureReason(data.formResponse ?? []) ?? null;
}

/** Fetched only for forms with failures, and again when their failed count changes. */
export function useSyncFailureReason(formId: string, failed: number) {
  return useQuery({
    queryKey: formsListKeys.syncFailureReason(formId, failed),
    queryFn: () => getSyncFailureReason(formId),
    enabled: failed > 0,
    staleTime: 60_000,
    retry: false,
  });
}
