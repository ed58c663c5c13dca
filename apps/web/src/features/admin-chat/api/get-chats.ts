import { CHAT_TIMING, type ChatSessionSummary } from '@sheetforms/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';
import { adminChatKeys, type ChatListStatus } from './query-keys';

/** GET /chat/admin/chats?status=&q=: the chats, last activity first (the search runs on the server). */
export async function getChats(
  status: ChatListStatus,
  q: string,
  signal?: AbortSignal,
): Promise<ChatSessionSummary[]> {
  const params: { status: ChatListStatus; q?: string } = { status };
  if (q) params.q = q;
  const { data } = await apiClient.get<ChatSessionSummary[]>('/chat/admin/chats', { params, signal });
  return data;
}

/** Polled every 3 s while `poll` (no live stream) and the tab is shown (spec 001 sections 4 and 9). */
export function chatsQueryOptions(status: ChatListStatus, q: string, poll: boolean) {
  return queryOptions({
    queryKey: adminChatKeys.list(status, q),
    queryFn: ({ signal }) => getChats(status, q, signal),
    refetchInterval: poll ? CHAT_TIMING.adminPollMs : false,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // While the admin types a search the previous list stays on screen.
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 1_000,
  });
}

/** Without a stored access token the console's calls do nothing (spec 001 section 6). */
export function useChats(status: ChatListStatus, q: string, poll: boolean) {
  return useQuery({ ...chatsQueryOptions(status, q, poll), enabled: getAccessToken() !== null });
}
