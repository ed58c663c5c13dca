/** Query keys of the inbox; everything sits under ['admin-messages'] for one invalidation. */
export const adminMessagesKeys = {
  all: () => ['admin-messages'] as const,
  list: () => ['admin-messages', 'list'] as const,
  unread: () => ['admin-messages', 'unread'] as const,
};
