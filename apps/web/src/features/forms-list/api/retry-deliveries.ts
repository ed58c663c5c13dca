import type { RetryDeliveriesResult } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { formsListKeys } from './query-keys';

/** POST /forms/{formId}/deliveries/retry-failed: the form's failed e-mails and webhook calls, sent again. */
export async function retryFailedDeliveries(formId: string) {
  return apiClient.post<RetryDeliveriesResult>(
    `/forms/${encodeURIComponent(formId)}/deliveries/retry-failed`,
  );
}

export function useRetryDeliveries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedDeliveries,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: formsListKeys.deliveryCounts }),
  });
}
