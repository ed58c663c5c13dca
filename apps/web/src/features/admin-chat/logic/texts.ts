/** The admin console's own texts (the spec's are CHAT_MESSAGES in the contract). */
export const ACTIVE_TAB = 'Active';
export const CLOSED_TAB = 'Closed';
export const CHAT_STATUS_TABS_LABEL = 'Chat status';
export const CHAT_LIST_LABEL = 'Conversations';
export const NO_ACTIVE_CHATS = 'No active chats';
export const NO_CLOSED_CHATS = 'No closed chats';
export const NO_MATCHING_CHATS = 'No conversations match your search';
export const LOADING_CHATS = 'Loading chats...';
export const LOADING_MESSAGES = 'Loading messages...';
export const NO_MESSAGES_YET = 'No messages yet.';
export const REPLY_LABEL = 'Reply';
export const SEND_LABEL = 'Send';
export const CLOSE_CHAT = 'Close chat';
export const CLOSE_CHAT_TITLE = 'Close this chat?';
export const CLOSE_CHAT_DESCRIPTION =
  'The visitor will see that support closed the chat and can start a new one. This cannot be undone.';
export const CLOSE_CHAT_FAILED = 'Failed to close chat';
export const CHAT_CLOSED_TOAST = 'Chat closed';
export const CANCEL = 'Cancel';
export const BACK_TO_CHATS = 'Back to chats';
export const MESSAGES_LABEL = 'Messages';
export const SEEN_TEXT = 'Seen';
export { NOT_DELIVERED_TEXT, RETRY_TEXT, SENDING_TEXT } from '@/components/ui/pending-chat-bubble';
export const TRY_AGAIN = 'Try again';
/** A reply refused with 429 (the server's rate limit). */
export const RATE_LIMITED_TEXT = 'You are sending messages too fast - try again in a few seconds';

export const STATUS_LABELS = { online: 'Online', offline: 'Offline', closed: 'Closed' } as const;

export function activeChatsText(count: number): string {
  return `${count} active ${count === 1 ? 'chat' : 'chats'}`;
}

export function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}

export function messageCountText(count: number): string {
  return `${count} ${count === 1 ? 'message' : 'messages'}`;
}
