import type { RetryResponseSyncResult } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responsesKeys } from './query-keys';

/**
 * POST /forms/{formId}/responses/{responseId}/retry-sync: queues this one failed response for the sheet
 * again (a row's Retry). The form-wide retry stays on Manage Forms. A response that has not failed
 * answers 409 with the reason, which the badge shows.
 */
export async function retryResponseSync(formId: string, responseId: string) {
  return apiClient.post<RetryResponseSyncResult>(
    `/forms/${encodeURIComponent(formId)}/responses/${encodeURIComponent(responseId)}/retry-sync`,
  );
}

export function useRetryResponseSync(formId: string, responseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retryResponseSync(formId, responseId),
    // Refreshed either way: after a 409 the row's state was stale too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: responsesKeys.all(formId) }),
  });
}
