/** The visitor chat's own texts (the spec's are CHAT_MESSAGES in the contract). */
export const CHAT_SUPPORT_TITLE = 'Chat Support';
export const NAME_LABEL = 'Your name';
export const EMAIL_LABEL = 'Email (optional)';
export const MESSAGE_LABEL = 'Message';
export const MESSAGE_PLACEHOLDER = 'Type your message...';
export const SEND_LABEL = 'Send';
export const SEEN_TEXT = 'Seen';
export { NOT_DELIVERED_TEXT, RETRY_TEXT, SENDING_TEXT } from '@/components/ui/pending-chat-bubble';
export const SUPPORT_TYPING_TEXT = 'Support is typing…';
export const START_NEW_CHAT_TEXT = 'Start a new chat';
export const MESSAGES_LABEL = 'Messages';
export const NO_MESSAGES_TEXT = 'Say hello: a member of our support team will answer here.';
/** A message refused with 429 (the server's per-visitor limit). */
export const RATE_LIMITED_TEXT = 'You are sending messages too fast - try again in a few seconds';
