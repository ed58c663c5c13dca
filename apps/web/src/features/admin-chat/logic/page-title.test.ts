// @vitest-environment node
import type { ChatSessionSummary } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { chatPageTitle, unreadTotal } from './page-title';

function session(sessionId: string, unreadCount: number): ChatSessionSummary {
  return {
    sessionId,
    userName: sessionId,
    userEmail: '',
    status: 'online',
    lastMessage: '',
    lastMessageAt: null,
    unreadCount,
    totalMessages: unreadCount,
  };
}

describe('unreadTotal', () => {
  it('adds the unread counts of the listed chats', () => {
    expect(unreadTotal([session('a', 2), session('b', 0), session('c', 1)])).toBe(3);
  });

  it('is 0 for no list, an empty list or nonsense counts', () => {
    expect(unreadTotal(undefined)).toBe(0);
    expect(unreadTotal([])).toBe(0);
    expect(unreadTotal([session('a', -4)])).toBe(0);
  });
});

describe('chatPageTitle', () => {
  it('is the plain page title with nothing unread', () => {
    expect(chatPageTitle(0)).toBe('Chat Management – SheetForms');
  });

  it('leads with the unread count', () => {
    expect(chatPageTitle(3)).toBe('(3) Chat Management – SheetForms');
  });

  it('caps a large count', () => {
    expect(chatPageTitle(250)).toBe('(99+) Chat Management – SheetForms');
  });
});
