import { apiClient } from '@/lib/api-client';

/** POST /chat/admin/chat/{sessionId}/typing (204): the visitor sees 'Support is typing…' for a few seconds. */
export async function sendTyping(sessionId: string): Promise<void> {
  await apiClient.post(`/chat/admin/chat/${encodeURIComponent(sessionId)}/typing`);
}
