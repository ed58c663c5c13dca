// @vitest-environment node
import type { ContactMessage, ContactMessagesPage } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { flattenMessages, formatReceived, messageCounts, withMessageRead, withoutMessage } from './messages';

const message = (id: string, read = false): ContactMessage => ({
  id,
  name: `Name ${id}`,
  email: `${id}@example.com`,
  company: '',
  message: `Message ${id}`,
  createdAt: '2025-03-01T10:00:00.000Z',
  read,
});
const page = (items: ContactMessage[], unread: number, total = 3): ContactMessagesPage => ({
  items,
  nextCursor: null,
  total,
  unread,
});

describe('inbox pages', () => {
  const data = {
    pages: [page([message('a'), message('b', true)], 2), page([message('c')], 2)],
    pageParams: [],
  };

  it('flattens pages in order without repeats, and reads the counts of the newest page', () => {
    expect(flattenMessages([...data.pages, page([message('c')], 2)]).map((m) => m.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(messageCounts(data.pages)).toEqual({ total: 3, unread: 2 });
    expect(messageCounts([])).toEqual({ total: 0, unread: 0 });
  });

  it('marks a message read or unread, the unread count following, and ignores a no-op', () => {
    const read = withMessageRead(data, 'c', true);
    expect(flattenMessages(read.pages).find((m) => m.id === 'c')?.read).toBe(true);
    expect(messageCounts(read.pages).unread).toBe(1);
    expect(withMessageRead(data, 'b', true)).toBe(data);
    expect(messageCounts(withMessageRead(data, 'b', false).pages).unread).toBe(3);
    expect(withMessageRead(data, 'missing', true)).toBe(data);
  });

  it('removes a deleted message, the counts following', () => {
    const withoutUnread = withoutMessage(data, 'a');
    expect(flattenMessages(withoutUnread.pages).map((m) => m.id)).toEqual(['b', 'c']);
    expect(messageCounts(withoutUnread.pages)).toEqual({ total: 2, unread: 1 });
    expect(messageCounts(withoutMessage(data, 'b').pages)).toEqual({ total: 2, unread: 2 });
  });

  it('formats the received time, keeping an unreadable one as it is', () => {
    expect(formatReceived('2025-03-01T10:04:00.000Z', 'en-GB', 'UTC')).toBe('1 Mar 2025, 10:04');
    expect(formatReceived('nonsense')).toBe('nonsense');
  });
});
