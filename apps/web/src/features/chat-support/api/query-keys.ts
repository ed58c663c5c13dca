/** Query keys of the visitor chat: one conversation per session. */
export const chatSupportKeys = {
  conversation: (sessionId: string) => ['chat-support', 'conversation', sessionId] as const,
};
