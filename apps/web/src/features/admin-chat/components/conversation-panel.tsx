import { CHAT_MESSAGES, CHAT_TIMING, type ChatSessionSummary } from '@sheetforms/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import axios from 'axios';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ChatBubble } from '@/components/ui/chat-bubble';
import { ChatLog } from '@/components/ui/chat-log';
import { cn } from '@/components/ui/cn';
import { ArrowLeftIcon, ChatIcon, ErrorIcon, LockIcon } from '@/components/ui/icons';
import { LinkedText } from '@/components/ui/linked-text';
import { MessageComposer } from '@/components/ui/message-composer';
import { PendingChatBubble } from '@/components/ui/pending-chat-bubble';
import { Spinner } from '@/components/ui/spinner';
import { formatChatTime } from '@/lib/chat-messages';
import { useCloseChat } from '../api/close-chat';
import type { PendingReply } from '../hooks/use-admin-chat';
import type { AdminConversation } from '../logic/conversation';
import {
  BACK_TO_CHATS,
  CHAT_CLOSED_TOAST,
  CLOSE_CHAT,
  CLOSE_CHAT_FAILED,
  LOADING_MESSAGES,
  MESSAGES_LABEL,
  messageCountText,
  NO_MESSAGES_YET,
  REPLY_LABEL,
  SEND_LABEL,
  STATUS_LABELS,
  TRY_AGAIN,
} from '../logic/texts';
import { CloseChatDialog } from './close-chat-dialog';

export interface ConversationPanelProps {
  /** The chat's summary from the list, shown until the conversation has loaded. */
  listed: ChatSessionSummary | undefined;
  selectedId: string | null;
  chat: UseQueryResult<AdminConversation>;
  pending: readonly PendingReply[];
  onBack: () => void;
  onSend: (text: string) => boolean;
  onRetry: (localId: string) => void;
  onType: () => void;
  className?: string;
}

export const CONVERSATION_TITLE_ID = 'conversation-title';

function is401(error: unknown): boolean {
  return axios.isAxiosError(error) && error.response?.status === 401;
}

function serverDetail(error: unknown): string | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const detail = (error.response?.data as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail ? detail : undefined;
}

/** The right column: 'Select a conversation', or the chat with its header, messages and reply box. */
export function ConversationPanel({
  listed,
  selectedId,
  chat,
  pending,
  onBack,
  onSend,
  onRetry,
  onType,
  className,
}: ConversationPanelProps) {
  const [confirmClose, setConfirmClose] = useState(false);
  const close = useCloseChat();

  if (!selectedId) {
    return (
      <section
        aria-label={CHAT_MESSAGES.selectConversation}
        className={cn(
          'min-h-0 flex-col items-center justify-center p-10 text-center text-slate-500',
          className,
        )}
      >
        <ChatIcon className="size-10 text-slate-300" strokeWidth={1.5} />
        <p className="mt-3 font-medium text-slate-600">{CHAT_MESSAGES.selectConversation}</p>
      </section>
    );
  }

  const session = chat.data?.session ?? listed;
  const messages = chat.data?.messages ?? [];
  const isClosed = session?.status === 'closed';
  const name = session?.userName ?? '';

  let body: React.ReactNode;
  if (chat.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center text-emerald-600">
        <Spinner label={LOADING_MESSAGES} />
      </div>
    );
  } else if (messages.length === 0 && chat.isError) {
    body = is401(chat.error) ? (
      <div className="flex-1" />
    ) : (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p role="alert" className="flex items-center gap-2 font-medium text-red-700 text-sm">
          <ErrorIcon className="size-4 shrink-0" />
          {CHAT_MESSAGES.loadMessagesFailed}
        </p>
        <Button variant="secondary" size="sm" onClick={() => void chat.refetch()} isLoading={chat.isFetching}>
          {TRY_AGAIN}
        </Button>
      </div>
    );
  } else {
    const now = new Date();
    body = (
      <ChatLog
        label={MESSAGES_LABEL}
        contentKey={`${selectedId}:${messages.length}:${pending.length}`}
        revealKey={pending.length > 0 ? pending[pending.length - 1]?.localId : selectedId}
        // The frame has a set height on every screen: the log takes what the header and reply box leave.
        className="flex-1 bg-white"
      >
        {messages.length === 0 && pending.length === 0 ? (
          <p className="py-10 text-center text-slate-500 text-sm">{NO_MESSAGES_YET}</p>
        ) : null}
        {messages.map((message) => {
          const own = message.sender === 'admin';
          return (
            <ChatBubble
              key={message._id}
              side={own ? 'own' : 'other'}
              author={own ? 'Support' : name}
              meta={<time dateTime={message.timestamp}>{formatChatTime(message.timestamp, now)}</time>}
            >
              <LinkedText text={message.text} />
            </ChatBubble>
          );
        })}
        {pending.map((item) => (
          <PendingChatBubble
            key={item.localId}
            text={item.text}
            author="Support"
            state={item.state}
            canRetry={!isClosed}
            onRetry={() => onRetry(item.localId)}
          />
        ))}
      </ChatLog>
    );
  }

  const confirm = () => {
    close.mutate(selectedId, {
      onSuccess: () => {
        setConfirmClose(false);
        toast.success(CHAT_CLOSED_TOAST);
      },
      onError: (error) => {
        setConfirmClose(false);
        if (!is401(error)) toast.error(serverDetail(error) ?? CLOSE_CHAT_FAILED);
      },
    });
  };

  return (
    <section aria-labelledby={CONVERSATION_TITLE_ID} className={cn('min-h-0 min-w-0 flex-col', className)}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-slate-200 border-b px-3 py-3 sm:px-4">
        <Button variant="ghost" size="sm" className="-ml-1 px-2 md:hidden" onClick={onBack}>
          <ArrowLeftIcon className="size-4" />
          {BACK_TO_CHATS}
        </Button>
        <div className="min-w-0 flex-1 basis-48">
          <h2
            id={CONVERSATION_TITLE_ID}
            tabIndex={-1}
            className="truncate font-semibold text-lg text-slate-900 focus:outline-none"
          >
            {name}
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 text-slate-500 text-xs">
            <span className="font-mono" title="Session">
              #{selectedId.slice(0, CHAT_TIMING.sessionIdShown)}
            </span>
            <span aria-hidden="true">·</span>
            <span data-testid="message-count">
              {messageCountText(session?.totalMessages ?? messages.length)}
            </span>
            {session?.userEmail ? (
              <>
                <span aria-hidden="true">·</span>
                <span className="truncate">{session.userEmail}</span>
              </>
            ) : null}
          </p>
        </div>
        {session ? (
          <Badge
            variant={session.status === 'online' ? 'success' : 'neutral'}
            dot
            data-testid="conversation-status"
          >
            {STATUS_LABELS[session.status]}
          </Badge>
        ) : null}
        {session && !isClosed ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirmClose(true)}>
            <LockIcon className="size-4" />
            {CLOSE_CHAT}
          </Button>
        ) : null}
      </header>

      {body}

      <div className="border-slate-200 border-t bg-slate-50 p-3 sm:p-4">
        {isClosed ? (
          <p role="status" className="flex items-center gap-2 font-medium text-slate-600 text-sm">
            <LockIcon className="size-4 shrink-0" />
            {CHAT_MESSAGES.closedForAdmin}
          </p>
        ) : (
          <MessageComposer
            // A fresh, empty box per conversation.
            key={selectedId}
            label={REPLY_LABEL}
            placeholder={CHAT_MESSAGES.replyPlaceholder}
            sendLabel={SEND_LABEL}
            onSend={onSend}
            onType={onType}
            disabled={!chat.data}
          />
        )}
      </div>

      {confirmClose ? (
        <CloseChatDialog
          userName={name}
          isClosing={close.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirmClose(false)}
        />
      ) : null}
    </section>
  );
}
