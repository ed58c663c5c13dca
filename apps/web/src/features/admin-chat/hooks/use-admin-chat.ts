import { CHAT_MESSAGES, CHAT_TIMING, type ChatSessionSummary } from '@sheetforms/contract';
import { useQueryClient } from '@tanstack/react-query';
import axios from 'axios';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useChat } from '../api/get-chat';
import { useChats } from '../api/get-chats';
import { adminChatKeys, type ChatListStatus } from '../api/query-keys';
import { useSendReply } from '../api/send-reply';
import { sendTyping } from '../api/send-typing';
import { type AdminConversation, withChatRead, withMessages } from '../logic/conversation';
import { RATE_LIMITED_TEXT } from '../logic/texts';
import { useAdminStream } from './use-admin-stream';
import { useDebouncedValue } from './use-debounced-value';
import { isPageVisible } from './use-page-visible';

/** A reply on its way (optimistic), or one that failed and can be retried. */
export interface PendingReply {
  localId: string;
  sessionId: string;
  text: string;
  state: 'sending' | 'failed';
}

/** Events arriving close together refresh the lists once. */
const LIST_REFRESH_DEBOUNCE_MS = 300;
const SEARCH_DEBOUNCE_MS = 300;
/** At most one typing signal per this long while the admin types. */
const TYPING_SIGNAL_MS = 2_000;

let localIds = 0;
const nextLocalId = () => `reply-${++localIds}`;

function statusOf(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

/**
 * The console's state: the lists (active, for the count and the title, and the one shown), the open
 * conversation, live events (stream, else polling every 3 s), optimistic replies, the typing signal.
 */
export function useAdminChat() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ChatListStatus>('active');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingReply[]>([]);
  const reply = useSendReply();
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  const timers = useRef<{ list?: ReturnType<typeof setTimeout>; chat?: ReturnType<typeof setTimeout> }>({});
  useEffect(() => {
    const current = timers.current;
    return () => {
      clearTimeout(current.list);
      clearTimeout(current.chat);
    };
  }, []);

  const refreshLists = (delayMs = LIST_REFRESH_DEBOUNCE_MS) => {
    clearTimeout(timers.current.list);
    timers.current.list = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: adminChatKeys.lists() }),
      delayMs,
    );
  };
  /** Refetching the open chat moves the read marker: only while the admin can see it. */
  const refreshOpenChat = () => {
    const id = selectedRef.current;
    if (!id || !isPageVisible()) return;
    clearTimeout(timers.current.chat);
    timers.current.chat = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: adminChatKeys.conversation(id) }),
      LIST_REFRESH_DEBOUNCE_MS,
    );
  };

  const streamOpen = useAdminStream({
    onMessage: (sessionId, message) => {
      queryClient.setQueryData<AdminConversation>(adminChatKeys.conversation(sessionId), (current) =>
        current ? withMessages(current, [message]) : current,
      );
      if (sessionId === selectedRef.current && message.sender === 'user') refreshOpenChat();
      refreshLists();
    },
    onSession: (sessionId) => {
      if (sessionId === selectedRef.current) refreshOpenChat();
      refreshLists();
    },
    onOpen: () => {
      refreshOpenChat();
      refreshLists(0);
    },
  });

  const poll = !streamOpen;
  // The lists poll every 3 s even with the stream open (spec 001 section 4): presence (online/offline)
  // changes are not pushed, only messages and session changes are.
  const active = useChats('active', '', true);
  // The same query as `active` when the Active tab shows without a search.
  const shown = useChats(status, q, true);
  const chat = useChat(queryClient, selectedId, poll);

  const select = (sessionId: string | null) => {
    setSelectedId(sessionId);
    if (!sessionId) return;
    // Spec 001 section 4: unread to 0 at once, then the list refreshed after 500 ms.
    queryClient.setQueriesData<ChatSessionSummary[] | undefined>(
      { queryKey: adminChatKeys.lists() },
      (list) => withChatRead(list, sessionId),
    );
    refreshLists(CHAT_TIMING.adminRefreshAfterOpenMs);
  };

  const deliver = async (item: PendingReply) => {
    setPending((list) => list.map((p) => (p.localId === item.localId ? { ...p, state: 'sending' } : p)));
    try {
      const stored = await reply.mutateAsync({ sessionId: item.sessionId, message: item.text });
      queryClient.setQueryData<AdminConversation>(adminChatKeys.conversation(item.sessionId), (current) =>
        current ? withMessages(current, [stored]) : current,
      );
      setPending((list) => list.filter((p) => p.localId !== item.localId));
      refreshLists();
    } catch (error) {
      setPending((list) => list.map((p) => (p.localId === item.localId ? { ...p, state: 'failed' } : p)));
      // A 401 in the admin chat is ignored silently (spec 001 section 6); a closed chat refreshes.
      if (statusOf(error) === 401) return;
      // Rate limited: the reply is kept for Retry and the reason said, not a bare failure.
      toast.error(statusOf(error) === 429 ? RATE_LIMITED_TEXT : CHAT_MESSAGES.sendFailed);
      if (statusOf(error) === 409) {
        void queryClient.invalidateQueries({ queryKey: adminChatKeys.conversation(item.sessionId) });
        refreshLists(0);
      }
    }
  };

  const sendReply = (text: string): boolean => {
    const message = text.trim();
    if (!selectedId || !message || chat.data?.session.status === 'closed') return false;
    const item: PendingReply = {
      localId: nextLocalId(),
      sessionId: selectedId,
      text: message,
      state: 'sending',
    };
    setPending((list) => [...list, item]);
    void deliver(item);
    return true;
  };

  const retry = (localId: string) => {
    const item = pending.find((p) => p.localId === localId);
    if (item) void deliver(item);
  };

  const lastTyping = useRef(0);
  const signalTyping = () => {
    const id = selectedRef.current;
    const now = Date.now();
    if (!id || now - lastTyping.current < TYPING_SIGNAL_MS) return;
    lastTyping.current = now;
    // Best effort: a lost signal only hides the typing indicator.
    sendTyping(id).catch(() => undefined);
  };

  return {
    status,
    setStatus,
    search,
    setSearch,
    searching: q !== '',
    activeChats: active,
    shownChats: shown,
    selectedId,
    select,
    chat,
    pending: pending.filter((p) => p.sessionId === selectedId),
    sendReply,
    retry,
    signalTyping,
    streamOpen,
  };
}
