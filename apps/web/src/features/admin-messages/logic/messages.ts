import type { ContactMessage, ContactMessagesPage } from '@sheetforms/contract';

/** The inbox's texts (the spec does not show this page). */
export const MESSAGES_TEXTS = {
  title: 'Messages',
  description: 'What visitors sent from the contact form, newest first.',
  loading: 'Loading messages...',
  loadFailed: 'Failed to load messages.',
  retry: 'Try again',
  emptyTitle: 'No messages yet',
  emptyDescription: 'Messages sent from the contact form appear here.',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  delete: 'Delete',
  loadMore: 'Load more',
  unread: 'Unread',
  deleteTitle: 'Delete this message?',
  deleteDescription: (name: string) =>
    `The message from ${name} is deleted for every admin. This cannot be undone.`,
  cancel: 'Cancel',
  deleted: 'Message deleted',
  deleteFailed: 'Failed to delete the message. Please try again.',
  updateFailed: 'Failed to update the message. Please try again.',
} as const;

interface Pages {
  pages: ContactMessagesPage[];
  pageParams: unknown[];
}

/** Every loaded message in order, without repeats (a page read after a new message may overlap). */
export function flattenMessages(pages: readonly ContactMessagesPage[]): ContactMessage[] {
  const seen = new Set<string>();
  const messages: ContactMessage[] = [];
  for (const page of pages) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages;
}

/** The counts of the newest page read (every page carries them). */
export function messageCounts(pages: readonly ContactMessagesPage[]): { total: number; unread: number } {
  const first = pages[0];
  return { total: first?.total ?? 0, unread: first?.unread ?? 0 };
}

/** The pages with one message marked read or unread, its page's unread count following. */
export function withMessageRead<T extends Pages>(data: T, id: string, read: boolean): T {
  const target = data.pages.flatMap((page) => page.items).find((message) => message.id === id);
  if (!target || target.read === read) return data;
  const delta = read ? -1 : 1;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread: Math.max(0, page.unread + delta),
      items: page.items.map((message) => (message.id === id ? { ...message, read } : message)),
    })),
  };
}

/** The pages without a deleted message, the counts following. */
export function withoutMessage<T extends Pages>(data: T, id: string): T {
  const target = data.pages.flatMap((page) => page.items).find((message) => message.id === id);
  if (!target) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      total: Math.max(0, page.total - 1),
      unread: target.read ? page.unread : Math.max(0, page.unread - 1),
      items: page.items.filter((message) => message.id !== id),
    })),
  };
}

/** "3 Mar 2025, 10:04" in the reader's locale and time zone. */
export function formatReceived(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
