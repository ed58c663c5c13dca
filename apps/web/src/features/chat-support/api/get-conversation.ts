import { CHAT_TIMING, type ChatConversation } from '@sheetforms/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { lastContiguousSeq } from '@/lib/chat-messages';
import { newConversation, type VisitorConversation, withPoll } from '../logic/conversation';
import { chatSupportKeys } from './query-keys';
import { type Envelope, visitorApi } from './visitor-client';

/** GET /chat/messages/{sessionId}?since={seq}: the messages after `since`, the status, read and typing. */
export async function getConversation(
  sessionId: string,
  since: number,
  signal?: AbortSignal,
): Promise<ChatConversation> {
  const { data } = await visitorApi.get<Envelope<ChatConversation>>(
    `/chat/messages/${encodeURIComponent(sessionId)}`,
    { params: since > 0 ? { since: String(since) } : {}, signal },
  );
  return data.data;
}

/**
 * The conversation, polled every 2 s while `poll` (the event stream is not open) and the tab is shown.
 * Each poll asks only for what is missing and merges it into what the cache holds when it answers, so
 * messages the stream or a send delivered meanwhile are kept and never doubled.
 */
export function conversationQueryOptions(queryClient: QueryClient, sessionId: string, poll: boolean) {
  const queryKey = chatSupportKeys.conversation(sessionId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<VisitorConversation> => {
      const before = queryClient.getQueryData<VisitorConversation>(queryKey) ?? newConversation();
      const answer = await getConversation(sessionId, lastContiguousSeq(before.messages), signal);
      const latest = queryClient.getQueryData<VisitorConversation>(queryKey) ?? before;
      return withPoll(latest, answer, Date.now());
    },
    refetchInterval: poll ? CHAT_TIMING.visitorPollMs : false,
    // Paused while the tab is hidden (spec 001 section 4); network errors are ignored (section 8).
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: poll,
    retry: false,
    staleTime: CHAT_TIMING.visitorPollMs,
  });
}

export function useConversation(queryClient: QueryClient, sessionId: string | null, poll: boolean) {
  return useQuery({
    ...conversationQueryOptions(queryClient, sessionId ?? '', poll),
    enabled: sessionId !== null,
  });
}
