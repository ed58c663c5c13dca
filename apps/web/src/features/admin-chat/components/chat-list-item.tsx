import type { ChatSessionSummary } from '@sheetforms/contract';
import { cn } from '@/components/ui/cn';
import { formatChatTime } from '@/lib/chat-messages';
import { NO_MESSAGES_YET, STATUS_LABELS, unreadLabel } from '../logic/texts';

const DOT_COLOURS = { online: 'bg-emerald-500', offline: 'bg-slate-300', closed: 'bg-slate-400' } as const;

export interface ChatListItemProps {
  session: ChatSessionSummary;
  selected: boolean;
  onSelect: (sessionId: string) => void;
  now: Date;
}

/** One chat in the list: name, online dot (named for screen readers), last message, its time, unread badge. */
export function ChatListItem({ session, selected, onSelect, now }: ChatListItemProps) {
  const unread = session.unreadCount;
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? 'true' : undefined}
        data-session-id={session.sessionId}
        onClick={() => onSelect(session.sessionId)}
        className={cn(
          'flex w-full items-start gap-3 border-slate-100 border-b px-4 py-3 text-left transition-colors',
          'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-emerald-600 focus-visible:-outline-offset-2',
          selected && 'bg-emerald-50 hover:bg-emerald-50',
        )}
      >
        <span
          aria-hidden="true"
          className="relative mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-700"
        >
          {session.userName.charAt(0).toUpperCase()}
          <span
            data-testid="presence-dot"
            className={cn(
              'absolute right-0 bottom-0 size-3 rounded-full ring-2 ring-white',
              DOT_COLOURS[session.status],
            )}
          />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold text-slate-900 text-sm">{session.userName}</span>
            {session.lastMessageAt ? (
              <time dateTime={session.lastMessageAt} className="shrink-0 text-slate-500 text-xs">
                {formatChatTime(session.lastMessageAt, now)}
              </time>
            ) : null}
          </span>
          <span className="sr-only">{`, ${STATUS_LABELS[session.status]}`}</span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span
              className={cn('truncate text-sm', unread > 0 ? 'font-medium text-slate-800' : 'text-slate-500')}
            >
              {session.lastMessage || NO_MESSAGES_YET}
            </span>
            {unread > 0 ? (
              <span
                data-testid="unread-badge"
                className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-emerald-700 px-1.5 py-0.5 font-semibold text-white text-xs"
              >
                <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                <span className="sr-only">{`, ${unreadLabel(unread)}`}</span>
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}
