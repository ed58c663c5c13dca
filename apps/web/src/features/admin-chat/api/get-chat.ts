import { CHAT_LIMITS, CHAT_TIMING, type ChatAdminConversation } from '@sheetforms/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { lastContiguousSeq } from '@/lib/chat-messages';
import { getAccessToken } from '@/lib/storage';
import { type AdminConversation, withAnswer, withChatRead } from '../logic/conversation';
import { adminChatKeys } from './query-keys';

/** Pages of one fetch at most (500 messages each): a longer backlog continues on the next refresh. */
const MAX_PAGES = 10;

/**
 * GET /chat/admin/chat/{sessionId}?since={seq}: the session and the messages after `since`. The server
 * moves the admins' read marker on every call, so the visitor sees 'Seen'.
 */
export async function getChat(sessionId: string, since: number, signal?: AbortSignal) {
  const { data } = await apiClient.get<ChatAdminConversation>(
    `/chat/admin/chat/${encodeURIComponent(sessionId)}`,
    { params: since > 0 ? { since: String(since) } : {}, signal },
  );
  return data;
}

/**
 * The open conversation, refreshed every 3 s while `poll` (no live stream) and the tab is shown, and
 * when the tab is shown again. Each fetch asks only for what is missing and merges it into what the
 * cache holds when it answers; the chat's unread count goes to 0 in the lists at once.
 */
export function chatQueryOptions(queryClient: QueryClient, sessionId: string, poll: boolean) {
  const queryKey = adminChatKeys.conversation(sessionId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<AdminConversation> => {
      let held = queryClient.getQueryData<AdminConversation>(queryKey);
      let answer = await getChat(sessionId, lastContiguousSeq(held?.messages ?? []), signal);
      held = withAnswer(queryClient.getQueryData<AdminConversation>(queryKey) ?? held, answer);
      for (let page = 1; page < MAX_PAGES && answer.messages.length >= CHAT_LIMITS.pageMax; page++) {
        answer = await getChat(sessionId, lastContiguousSeq(held.messages), signal);
        held = withAnswer(held, answer);
      }
      queryClient.setQueriesData<ReturnType<typeof withChatRead>>(
        { queryKey: adminChatKeys.lists() },
        (list) => withChatRead(list, sessionId),
      );
      return held;
    },
    refetchInterval: poll ? CHAT_TIMING.adminPollMs : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 1_000,
  });
}

export function useChat(queryClient: QueryClient, sessionId: string | null, poll: boolean) {
  return useQuery({
    ...chatQueryOptions(queryClient, sessionId ?? '', poll),
    enabled: sessionId !== null && getAccessToken() !== null,
  });
}
