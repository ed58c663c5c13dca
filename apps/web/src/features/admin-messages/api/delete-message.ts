import type { ContactMessagesPage } from '@sheetforms/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { withoutMessage } from '../logic/messages';
import { adminMessagesKeys } from './query-keys';

/** DELETE /contact/messages/{id}. */
export async function deleteMessage(id: string): Promise<void> {
  await apiClient.delete<null>(`/contact/messages/${encodeURIComponent(id)}`);
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<InfiniteData<ContactMessagesPage>>(adminMessagesKeys.list(), (data) =>
        data ? withoutMessage(data, id) : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMessagesKeys.all() }),
  });
}
