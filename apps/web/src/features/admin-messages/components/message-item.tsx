import type { ContactMessage } from '@sheetforms/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { MailIcon, MailOpenIcon, TrashIcon } from '@/components/ui/icons';
import { formatReceived, MESSAGES_TEXTS } from '../logic/messages';

export interface MessageItemProps {
  message: ContactMessage;
  onToggleRead: (message: ContactMessage) => void;
  onDelete: (message: ContactMessage) => void;
  /** A read/unread change of this message is being saved. */
  busy?: boolean;
}

/**
 * One message: who sent it and when, the text as plain text (never HTML), and its actions. Unread ones
 * are marked by a badge, bold sender and an accent border, not by colour alone.
 */
export function MessageItem({ message, onToggleRead, onDelete, busy = false }: MessageItemProps) {
  const headingId = `message-${message.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="contact-message"
      data-read={message.read}
      className={`border-l-4 px-4 py-4 sm:px-5 ${message.read ? 'border-transparent' : 'border-emerald-500 bg-emerald-50/40'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3
            id={headingId}
            className={`break-words text-slate-900 ${message.read ? 'font-medium' : 'font-bold'}`}
          >
            {message.name}
            {message.read ? null : (
              <Badge variant="success" dot className="ml-2 align-middle">
                {MESSAGES_TEXTS.unread}
              </Badge>
            )}
          </h3>
          <p className="break-all text-slate-600 text-sm">
            <a
              href={`mailto:${message.email}`}
              className="rounded text-emerald-700 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-600"
            >
              {message.email}
            </a>
            {message.company ? (
              <span className="break-words text-slate-500"> · {message.company}</span>
            ) : null}
          </p>
        </div>
        <time dateTime={message.createdAt} className="shrink-0 text-slate-500 text-sm">
          {formatReceived(message.createdAt)}
        </time>
      </div>
      <p className="mt-3 whitespace-pre-wrap break-words text-slate-800 text-sm">{message.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" isLoading={busy} onClick={() => onToggleRead(message)}>
          {message.read ? <MailIcon className="size-4" /> : <MailOpenIcon className="size-4" />}
          {message.read ? MESSAGES_TEXTS.markUnread : MESSAGES_TEXTS.markRead}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => onDelete(message)}
          aria-label={`${MESSAGES_TEXTS.delete} the message from ${message.name}`}
        >
          <TrashIcon className="size-4" />
          {MESSAGES_TEXTS.delete}
        </Button>
      </div>
    </article>
  );
}
