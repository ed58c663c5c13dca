import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from './page-header';

export const CHAT_MANAGEMENT_TITLE = 'Chat Management';
export const NO_ACTIVE_CHATS_TEXT = 'No active chats';

/** /dashboard/chat (Admin) until the chat console lands: an honest empty state. */
export function ChatOverview() {
  return (
    <>
      <PageHeader title={CHAT_MANAGEMENT_TITLE} description="Answer visitors who write to Chat Support." />
      <EmptyState
        title={NO_ACTIVE_CHATS_TEXT}
        description="When a visitor starts a conversation from the Chat Support page, it will appear here."
        icon={
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-7"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z" />
          </svg>
        }
      />
    </>
  );
}
