import type { ChatMessage } from '@sheetforms/contract';
import { useMutation } from '@tanstack/react-query';
import { type Envelope, visitorApi } from './visitor-client';

/**
 * POST /chat/message as the visitor (`sender: 'user'` as the spec sends it; the server decides by the
 * caller's token, and this client sends none). 409 when support closed the chat.
 */
export async function sendChatMessage(sessionId: string, message: string): Promise<ChatMessage> {
  const { data } = await visitorApi.post<Envelope<ChatMessage>>('/chat/message', {
    sessionId,
    message,
    sender: 'user',
  });
  return data.data;
}

export function useSendChatMessage() {
  return useMutation({
    mutationFn: ({ sessionId, message }: { sessionId: string; message: string }) =>
      sendChatMessage(sessionId, message),
  });
}
