import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { responsesKeys } from './query-keys';

/**
 * POST /forms/{formId}/deliveries/{deliveryId}/retry (issue 24): sends one of a response's e-mails or
 * webhook calls again now, with the same delivery id.
 */
export async function retryDelivery(formId: string, deliveryId: string) {
  return apiClient.post<null>(
    `/forms/${encodeURIComponent(formId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
  );
}

export function useRetryDelivery(formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => retryDelivery(formId, deliveryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: responsesKeys.all(formId) }),
  });
}
