import type { ContactMessagesPage } from '@sheetforms/contract';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { getAccessToken } from '@/lib/storage';
import { adminMessagesKeys } from './query-keys';

export const MESSAGES_PAGE_SIZE = 20;
/** How often the sidebar's unread count is read again while the dashboard is open. */
const UNREAD_POLL_MS = 60_000;

/** GET /contact/messages?limit=&cursor=: newest first, with the total and unread counts. */
export async function getMessages(
  cursor: string | undefined,
  limit = MESSAGES_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<ContactMessagesPage> {
  const params: { limit: number; cursor?: string } = { limit };
  if (cursor) params.cursor = cursor;
  const { data } = await apiClient.get<ContactMessagesPage>('/contact/messages', { params, signal });
  return data;
}

export function messagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: adminMessagesKeys.list(),
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, MESSAGES_PAGE_SIZE, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: false,
  });
}

export function useMessages() {
  return useInfiniteQuery({ ...messagesQueryOptions(), enabled: getAccessToken() !== null });
}

/** The unread count for the sidebar: one message's page is enough (the counts come with it). */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: adminMessagesKeys.unread(),
    queryFn: async ({ signal }) => (await getMessages(undefined, 1, signal)).unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 10_000,
  });
}

/** Only for Admins (anyone else would get a 403). */
export function useUnreadMessagesCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled: enabled && getAccessToken() !== null });
}
