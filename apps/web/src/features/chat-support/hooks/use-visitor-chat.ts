import { CHAT_MESSAGES } from '@sheetforms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { useConversation } from '../api/get-conversation';
import { chatSupportKeys } from '../api/query-keys';
import { useSendChatMessage } from '../api/send-message';
import { type StartChatInput, useStartChat } from '../api/start-chat';
import { serverMessageOr, statusOf } from '../api/visitor-client';
import {
  closed,
  newConversation,
  type VisitorConversation,
  visiblePending,
  withMessages,
} from '../logic/conversation';
import { forgetChatSession, readChatSession, saveChatSession } from '../logic/stored-session';
import { RATE_LIMITED_TEXT } from '../logic/texts';
import { useConversationStream } from './use-conversation-stream';

export interface ChatSession {
  sessionId: string;
  userName: string;
  userEmail: string;
}

/** A message the visitor sent that the server has not stored yet (optimistic). */
export interface PendingMessage {
  localId: string;
  text: string;
  state: 'sending' | 'failed';
  /** The newest seq on the page when it was sent (to recognise it if the stream brings it first). */
  afterSeq: number;
}

let localIds = 0;
const nextLocalId = () => `local-${++localIds}`;

/**
 * The visitor's chat: the session (kept in the tab's sessionStorage, so a reload continues it), the
 * conversation (stream, else polling), optimistic sends with retry, and the closed state.
 */
export function useVisitorChat() {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<ChatSession | null>(null);
  // False until the stored session has been read (after hydration: the server has no storage), so the
  // welcome dialog does not flash open for a visitor who is only reloading.
  const [restored, setRestored] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [lastIdentity, setLastIdentity] = useState<StartChatInput | undefined>(undefined);
  const [now, setNow] = useState(() => Date.now());
  const start = useStartChat();
  const send = useSendChatMessage();

  const sessionId = session?.sessionId ?? null;
  const cached = sessionId
    ? queryClient.getQueryData<VisitorConversation>(chatSupportKeys.conversation(sessionId))
    : undefined;
  const isClosed = cached?.status === 'closed';
  const streamOpen = useConversationStream(sessionId, !isClosed);
  const conversationQuery = useConversation(queryClient, sessionId, !streamOpen && !isClosed);
  const conversation = conversationQuery.data;

  useEffect(() => {
    const stored = readChatSession();
    if (stored) {
      setSession(stored);
      setLastIdentity({ userName: stored.userName, userEmail: stored.userEmail });
    }
    setRestored(true);
  }, []);

  // A stored session the server no longer knows (removed, or another server's): start afresh.
  const lostSession = statusOf(conversationQuery.error) === 404;
  useEffect(() => {
    if (!lostSession || !sessionId) return;
    forgetChatSession();
    queryClient.removeQueries({ queryKey: chatSupportKeys.conversation(sessionId) });
    setPending([]);
    setSession(null);
  }, [lostSession, sessionId, queryClient]);

  // 'Support is typing…' ends by itself when its time is up.
  const typingUntil = conversation?.typingUntil ?? 0;
  useEffect(() => {
    if (typingUntil <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), typingUntil - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const update = useCallback(
    (id: string, change: (current: VisitorConversation) => VisitorConversation) =>
      queryClient.setQueryData<VisitorConversation>(chatSupportKeys.conversation(id), (current) =>
        change(current ?? newConversation()),
      ),
    [queryClient],
  );

  const begin = async (input: StartChatInput): Promise<boolean> => {
    try {
      const started = await start.mutateAsync(input);
      queryClient.setQueryData(
        chatSupportKeys.conversation(started.sessionId),
        newConversation(started.messages),
      );
      setPending([]);
      setLastIdentity({ userName: input.userName.trim(), userEmail: input.userEmail?.trim() ?? '' });
      const next: ChatSession = {
        sessionId: started.sessionId,
        userName: input.userName.trim(),
        userEmail: input.userEmail?.trim() ?? '',
      };
      saveChatSession(next);
      setSession(next);
      return true;
    } catch (error) {
      toast.error(serverMessageOr(error, CHAT_MESSAGES.startFailed));
      return false;
    }
  };

  const deliver = async (id: string, item: PendingMessage) => {
    setPending((list) => list.map((p) => (p.localId === item.localId ? { ...p, state: 'sending' } : p)));
    try {
      const stored = await send.mutateAsync({ sessionId: id, message: item.text });
      update(id, (current) => withMessages(current, [stored]));
      setPending((list) => list.filter((p) => p.localId !== item.localId));
      setNotice(null);
    } catch (error) {
      setPending((list) => list.map((p) => (p.localId === item.localId ? { ...p, state: 'failed' } : p)));
      // A closed chat shows its own notice instead of an error.
      const status = statusOf(error);
      if (status === 409) update(id, closed);
      // Rate limited: said beside the message box, where the visitor is looking, with Retry on the message.
      else if (status === 429) setNotice(RATE_LIMITED_TEXT);
      else toast.error(CHAT_MESSAGES.sendFailed);
    }
  };

  /** Sends a message; false when there is nothing to send or no open session (spec 001 section 5). */
  const sendMessage = (text: string): boolean => {
    const message = text.trim();
    if (!session || !message || isClosed) return false;
    const afterSeq = conversation?.messages.at(-1)?.seq ?? 0;
    const item: PendingMessage = { localId: nextLocalId(), text: message, state: 'sending', afterSeq };
    setPending((list) => [...list, item]);
    void deliver(session.sessionId, item);
    return true;
  };

  const retry = (localId: string) => {
    const item = pending.find((p) => p.localId === localId);
    if (session && item && !isClosed) void deliver(session.sessionId, item);
  };

  /** Leaves the closed chat; the welcome dialog opens again with the same name and email. */
  const reset = () => {
    if (session) queryClient.removeQueries({ queryKey: chatSupportKeys.conversation(session.sessionId) });
    forgetChatSession();
    setPending([]);
    setNotice(null);
    setSession(null);
  };

  return {
    session,
    restored,
    notice,
    messages: conversation?.messages ?? [],
    readUpTo: conversation?.readUpTo ?? 0,
    supportTyping: typingUntil > now,
    isClosed: conversation?.status === 'closed',
    pending: visiblePending(pending, conversation?.messages ?? []),
    begin,
    isStarting: start.isPending,
    lastIdentity,
    sendMessage,
    retry,
    reset,
  };
}
