import { CHAT_MESSAGES } from '@sheetforms/contract';
import { useRef } from 'react';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { useAdminChat } from '../hooks/use-admin-chat';
import { chatPageTitle, unreadTotal } from '../logic/page-title';
import { activeChatsText } from '../logic/texts';
import { ChatListPanel } from './chat-list-panel';
import { CONVERSATION_TITLE_ID, ConversationPanel } from './conversation-panel';

/** Tailwind's md breakpoint: from here the list and the conversation show side by side. */
const isWide = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 48rem)').matches;

/**
 * On a phone an open conversation fills the screen below the dashboard's sticky bar (3.5rem, plus a
 * little air), and the page scrolls to it: header, messages and the reply box all in view at once,
 * instead of a fixed-height message list that pushed the reply box below the fold.
 */
export const PHONE_CONVERSATION_FRAME = 'h-[calc(100dvh-4.5rem)] min-h-80 scroll-mt-16';

/**
 * /dashboard/chat (Admin): the chats on the left, the open conversation on the right. On a phone the
 * two are one view at a time: the list, then the conversation with a back button.
 */
export function AdminChatPage() {
  const chat = useAdminChat();
  const frameRef = useRef<HTMLDivElement>(null);
  const activeCount = chat.activeChats.data?.length;
  const selected = chat.selectedId;
  const listed =
    chat.shownChats.data?.find((session) => session.sessionId === selected) ??
    chat.activeChats.data?.find((session) => session.sessionId === selected);

  return (
    <>
      <title>{chatPageTitle(unreadTotal(chat.activeChats.data))}</title>
      <PageHeader
        title={CHAT_MESSAGES.adminTitle}
        description={
          activeCount === undefined
            ? 'Answer visitors who write to Chat Support.'
            : activeChatsText(activeCount)
        }
      />
      <div
        ref={frameRef}
        data-testid="chat-frame"
        className={cn(
          'grid min-w-0 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:h-[calc(100dvh-13rem)] md:min-h-[32rem] md:grid-cols-[18rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]',
          selected ? PHONE_CONVERSATION_FRAME : '',
        )}
      >
        <ChatListPanel
          className={selected ? 'hidden md:flex' : 'flex'}
          status={chat.status}
          onStatusChange={chat.setStatus}
          search={chat.search}
          onSearchChange={chat.setSearch}
          searching={chat.searching}
          chats={chat.shownChats}
          selectedId={selected}
          onSelect={(sessionId) => {
            chat.select(sessionId);
            // On a phone the list gives way to the conversation, brought whole into view (the reply box
            // included); focus follows to its heading without scrolling again.
            if (!isWide())
              requestAnimationFrame(() => {
                frameRef.current?.scrollIntoView({ block: 'start' });
                document.getElementById(CONVERSATION_TITLE_ID)?.focus({ preventScroll: true });
              });
          }}
        />
        <ConversationPanel
          className={selected ? 'flex' : 'hidden md:flex'}
          listed={listed}
          selectedId={selected}
          chat={chat.chat}
          pending={chat.pending}
          onBack={() => {
            const last = selected;
            chat.select(null);
            // Back on the list, focus returns to the chat that was open.
            requestAnimationFrame(() =>
              frameRef.current
                ?.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(last ?? '')}"]`)
                ?.focus(),
            );
          }}
          onSend={chat.sendReply}
          onRetry={chat.retry}
          onType={chat.signalTyping}
        />
      </div>
    </>
  );
}
