import { API_PREFIX, CHAT_VISITOR_EVENTS, ChatMessageSchema } from '@sheetforms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { lastContiguousSeq } from '@/lib/chat-messages';
import { chatSupportKeys } from '../api/query-keys';
import {
  closed,
  newConversation,
  type VisitorConversation,
  withMessages,
  withReadUpTo,
  withTyping,
} from '../logic/conversation';

/** Waits before opening a new stream after the browser gave one up: 2 s, doubling up to 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, attempt));
}

function parseJson(data: unknown): unknown {
  if (typeof data !== 'string') return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * The visitor's live events (GET /chat/messages/{sessionId}/stream) merged into the conversation's
 * cache. Returns whether the stream is open: while it is not (no EventSource, connecting, or given up),
 * the page polls. The browser resumes a dropped stream itself with Last-Event-ID (the message's seq);
 * when it gives up (an error status) a new stream starts after a backoff, from the last message held.
 */
export function useConversationStream(sessionId: string | null, active: boolean): boolean {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!sessionId || !active || typeof window.EventSource !== 'function') return;
    const queryKey = chatSupportKeys.conversation(sessionId);
    const update = (change: (current: VisitorConversation) => VisitorConversation) =>
      queryClient.setQueryData<VisitorConversation>(queryKey, (current) =>
        change(current ?? newConversation()),
      );

    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const stop = () => {
      stopped = true;
      source?.close();
      clearTimeout(retryTimer);
      setOpen(false);
    };

    const connect = () => {
      const held = queryClient.getQueryData<VisitorConversation>(queryKey);
      const since = lastContiguousSeq(held?.messages ?? []);
      const url = `${API_PREFIX}/chat/messages/${encodeURIComponent(sessionId)}/stream?since=${since}`;
      const current = new EventSource(url);
      source = current;
      current.onopen = () => {
        attempt = 0;
        setOpen(true);
      };
      current.onerror = () => {
        setOpen(false);
        if (stopped || current.readyState !== EventSource.CLOSED) return;
        // The browser gave up (an error status): polling covers the gap until a new stream opens.
        retryTimer = setTimeout(connect, reconnectDelayMs(attempt++));
      };
      current.addEventListener(CHAT_VISITOR_EVENTS.message, (event) => {
        const parsed = ChatMessageSchema.safeParse(parseJson((event as MessageEvent).data));
        if (parsed.success) update((conversation) => withMessages(conversation, [parsed.data]));
      });
      current.addEventListener(CHAT_VISITOR_EVENTS.read, (event) => {
        const body = parseJson((event as MessageEvent).data) as { readUpTo?: unknown } | undefined;
        const readUpTo = body?.readUpTo;
        if (typeof readUpTo === 'number') update((conversation) => withReadUpTo(conversation, readUpTo));
      });
      current.addEventListener(CHAT_VISITOR_EVENTS.typing, (event) => {
        const body = parseJson((event as MessageEvent).data) as { typing?: unknown } | undefined;
        update((conversation) => withTyping(conversation, body?.typing !== false, Date.now()));
      });
      current.addEventListener(CHAT_VISITOR_EVENTS.closed, () => {
        update(closed);
        // The server ends the stream after this; reconnecting would only hear it again.
        stop();
      });
    };

    connect();
    return stop;
  }, [sessionId, active, queryClient]);

  return open;
}
