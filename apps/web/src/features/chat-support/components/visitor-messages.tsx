import type { ChatMessage } from '@sheetforms/contract';
import { ChatBubble } from '@/components/ui/chat-bubble';
import { ChatLog } from '@/components/ui/chat-log';
import { LinkedText } from '@/components/ui/linked-text';
import { PendingChatBubble } from '@/components/ui/pending-chat-bubble';
import { formatChatTime } from '@/lib/chat-messages';
import type { PendingMessage } from '../hooks/use-visitor-chat';
import { seenMessageId } from '../logic/conversation';
import { MESSAGES_LABEL, NO_MESSAGES_TEXT, SEEN_TEXT, SUPPORT_TYPING_TEXT } from '../logic/texts';

export interface VisitorMessagesProps {
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  readUpTo: number;
  supportTyping: boolean;
  /** Retry is offered on failed messages while the chat is open. */
  canRetry: boolean;
  onRetry: (localId: string) => void;
}

/** The 24rem message list (spec 001 section 9): stored messages, then the ones on their way. */
export function VisitorMessages({
  messages,
  pending,
  readUpTo,
  supportTyping,
  canRetry,
  onRetry,
}: VisitorMessagesProps) {
  const seenId = seenMessageId(messages, readUpTo);
  const now = new Date();
  return (
    <ChatLog
      label={MESSAGES_LABEL}
      contentKey={`${messages.length}:${pending.length}:${supportTyping}`}
      revealKey={pending.length > 0 ? pending[pending.length - 1]?.localId : undefined}
      className="h-96 rounded-xl border border-slate-200 bg-white"
    >
      {messages.length === 0 && pending.length === 0 ? (
        <p className="py-10 text-center text-slate-500 text-sm">{NO_MESSAGES_TEXT}</p>
      ) : null}
      {messages.map((message) => {
        const own = message.sender === 'user';
        return (
          <ChatBubble
            key={message._id}
            side={own ? 'own' : 'other'}
            author={own ? 'You' : 'Support'}
            meta={
              <>
                <time dateTime={message.timestamp}>{formatChatTime(message.timestamp, now)}</time>
                {message._id === seenId ? (
                  <span data-testid="seen-marker" className="font-medium text-emerald-700">
                    {SEEN_TEXT}
                  </span>
                ) : null}
              </>
            }
          >
            <LinkedText text={message.text} />
          </ChatBubble>
        );
      })}
      {pending.map((item) => (
        <PendingChatBubble
          key={item.localId}
          text={item.text}
          author="You"
          state={item.state}
          canRetry={canRetry}
          onRetry={() => onRetry(item.localId)}
        />
      ))}
      {supportTyping ? (
        <p role="status" className="flex items-center gap-2 text-slate-500 text-sm italic">
          <span aria-hidden="true" className="inline-flex gap-0.5">
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:150ms] motion-reduce:animate-none" />
            <span className="size-1.5 animate-bounce rounded-full bg-slate-400 [animation-delay:300ms] motion-reduce:animate-none" />
          </span>
          {SUPPORT_TYPING_TEXT}
        </p>
      ) : null}
    </ChatLog>
  );
}
