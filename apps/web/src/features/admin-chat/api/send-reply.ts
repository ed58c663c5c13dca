import type { ChatMessage } from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** POST /chat/message with the Admin's token: the server stores it as the admin's (409 once closed). */
export async function sendReply(sessionId: string, message: string): Promise<ChatMessage> {
  const { data } = await apiClient.post<ChatMessage>('/chat/message', {
    sessionId,
    message,
    sender: 'admin',
  });
  return data;
}

export function useSendReply() {
  return useMutation({
    mutationFn: ({ sessionId, message }: { sessionId: string; message: string }) =>
      sendReply(sessionId, message),
  });
}
