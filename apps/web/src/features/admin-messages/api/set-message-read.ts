import type { ContactMessage, ContactMessagesPage } from '@sheetforms/contract';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { withMessageRead } from '../logic/messages';
import { adminMessagesKeys } from './query-keys';

/** PATCH /contact/messages/{id} { read }. */
export async function setMessageRead(id: string, read: boolean): Promise<ContactMessage> {
  const { data } = await apiClient.patch<ContactMessage>(`/contact/messages/${encodeURIComponent(id)}`, {
    read,
  });
  return data;
}

/** Shows the change at once; the list and the sidebar count are read again afterwards. */
export function useSetMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) => setMessageRead(id, read),
    onMutate: async ({ id, read }) => {
      await queryClient.cancelQueries({ queryKey: adminMessagesKeys.list() });
      const previous = queryClient.getQueryData<InfiniteData<ContactMessagesPage>>(adminMessagesKeys.list());
      queryClient.setQueryData<InfiniteData<ContactMessagesPage>>(adminMessagesKeys.list(), (data) =>
        data ? withMessageRead(data, id, read) : data,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(adminMessagesKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMessagesKeys.all() }),
  });
}
