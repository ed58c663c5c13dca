export type ChatListStatus = 'active' | 'closed';

/** Query keys of the admin console; every list sits under ['admin-chat', 'list'] for one invalidation. */
export const adminChatKeys = {
  lists: () => ['admin-chat', 'list'] as const,
  list: (status: ChatListStatus, q: string) => ['admin-chat', 'list', status, q] as const,
  conversation: (sessionId: string) => ['admin-chat', 'conversation', sessionId] as const,
};
