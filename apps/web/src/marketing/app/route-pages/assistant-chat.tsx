export { AssistantChatPage as AssistantChatRoutePage } from '../../pages/assistant-chat-page';
