import type { RetrySyncResult } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formsListKeys } from './query-keys';

/** POST /forms/{formId}/retry-sync: queues the form's failed responses for the sheet again. */
export async function retrySync(formId: string) {
  return apiClient.post<RetrySyncResult>(`/forms/${encodeURIComponent(formId)}/retry-sync`);
}

export function useRetrySync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retrySync,
    onSettled: (_result, _error, formId) => {
      void queryClient.invalidateQueries({ queryKey: formsListKeys.syncCounts });
      void queryClient.invalidateQueries({ queryKey: formsListKeys.syncFailureReasonOf(formId) });
    },
  });
}
