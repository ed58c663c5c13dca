import type { ChatSessionSummary } from '@sheetforms/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AdminConversation } from '../logic/conversation';
import { adminChatKeys } from './query-keys';

/** PATCH /chat/admin/chat/{sessionId}/close: the visitor sees the chat closed (closing twice is fine). */
export async function closeChat(sessionId: string): Promise<ChatSessionSummary> {
  const { data } = await apiClient.patch<ChatSessionSummary>(
    `/chat/admin/chat/${encodeURIComponent(sessionId)}/close`,
  );
  return data;
}

export function useCloseChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeChat,
    onSuccess: (session) => {
      queryClient.setQueryData<AdminConversation>(adminChatKeys.conversation(session.sessionId), (current) =>
        current ? { ...current, session } : current,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminChatKeys.lists() }),
  });
}
