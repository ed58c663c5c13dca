import { describe, expect, it } from 'vitest';
import type { ChatSessionRow } from './chat.repository.js';
import { isOnline, parseSince, sessionSummary } from './chat-views.js';

const now = new Date('2026-11-25T12:00:00.000Z');
const row = (overrides: Partial<ChatSessionRow> = {}): ChatSessionRow => ({
  id: 'abcdefghijklmnopqrstuv',
  user_name: 'Ann',
  user_email: 'ann@example.org',
  status: 'active',
  created_at: '2026-11-25T11:00:00.000Z',
  last_activity_at: '2026-11-25T11:59:00.000Z',
  last_message: 'Hello',
  last_message_at: '2026-11-25T11:59:00.000Z',
  total_messages: 3,
  last_seq: 3,
  unread_count: 2,
  admin_read_seq: 1,
  visitor_seen_at: '2026-11-25T11:59:55.000Z',
  admin_typing_until: null,
  closed_at: null,
  ...overrides,
});

describe('the admin list’s computed fields', () => {
  it('online within 10 s of the last poll, offline after, closed whatever the presence', () => {
    expect(sessionSummary(row(), now)).toEqual({
      sessionId: 'abcdefghijklmnopqrstuv',
      userName: 'Ann',
      userEmail: 'ann@example.org',
      status: 'online',
      lastMessage: 'Hello',
      lastMessageAt: '2026-11-25T11:59:00.000Z',
      unreadCount: 2,
      totalMessages: 3,
    });
    expect(sessionSummary(row({ visitor_seen_at: '2026-11-25T11:59:49.999Z' }), now).status).toBe('offline');
    expect(sessionSummary(row({ visitor_seen_at: null }), now).status).toBe('offline');
    expect(sessionSummary(row({ status: 'closed' }), now).status).toBe('closed');
    expect(isOnline('2026-11-25T11:59:50.000Z', now)).toBe(true);
    expect(isOnline('not a date', now)).toBe(false);
  });
});

describe('the since cursor', () => {
  it('reads a seq, a message id, an ISO instant or epoch milliseconds', () => {
    expect(parseSince(undefined)).toEqual({ kind: 'none' });
    expect(parseSince('')).toEqual({ kind: 'none' });
    expect(parseSince('42')).toEqual({ kind: 'seq', seq: 42 });
    expect(parseSince('5D9C1F2E-8B7A-4C3D-9E0F-112233445566')).toEqual({
      kind: 'message',
      id: '5d9c1f2e-8b7a-4c3d-9e0f-112233445566',
    });
    expect(parseSince('2026-11-25T11:59:00.000Z')).toEqual({
      kind: 'instant',
      iso: '2026-11-25T11:59:00.000Z',
    });
    expect(parseSince('1764071940000')).toEqual({ kind: 'instant', iso: '2025-11-25T11:59:00.000Z' });
  });

  it('refuses anything else', () => {
    expect(parseSince('yesterday')).toEqual({ kind: 'invalid' });
    expect(parseSince("1' OR 1=1")).toEqual({ kind: 'invalid' });
    expect(parseSince('-5')).toEqual({ kind: 'invalid' });
    expect(parseSince('9999999999999999')).toEqual({ kind: 'invalid' });
  });
});
