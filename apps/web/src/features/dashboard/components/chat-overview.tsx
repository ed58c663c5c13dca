import { EmptyState } from '@/components/ui/empty-state';
import { ChatIcon } from '@/components/ui/icons';
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
        icon={<ChatIcon className="size-7" strokeWidth={1.8} />}
      />
    </>
  );
}
