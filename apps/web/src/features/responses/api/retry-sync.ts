import type { RetrySyncResult } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responsesKeys } from './query-keys';

/**
 * POST /forms/{formId}/retry-sync: queues the form's failed responses for the sheet again. The server has
 * no per-response retry; a row's Retry queues every failed row of the form, which is what an owner who
 * fixed the sheet wants anyway (one cause usually fails them all).
 */
export async function retrySync(formId: string) {
  return apiClient.post<RetrySyncResult>(`/forms/${encodeURIComponent(formId)}/retry-sync`);
}

export function useRetrySync(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retrySync(formId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: responsesKeys.all(formId) }),
  });
}
