import type { ChatAdminConversation, ChatSessionSummary } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { type FakeReply, fakeAdapter, problem } from '@/testing/fake-adapter';
import { AdminChatPage, PHONE_CONVERSATION_FRAME } from './admin-chat-page';

const originalAdapter = api.defaults.adapter;

function summary(sessionId: string, userName: string, unreadCount: number): ChatSessionSummary {
  return {
    sessionId,
    userName,
    userEmail: '',
    status: 'online',
    lastMessage: `Hello from ${userName}`,
    lastMessageAt: '2025-01-01T12:00:00.000Z',
    unreadCount,
    totalMessages: unreadCount,
  };
}

const VERA = summary('veraSessionId0000000001', 'Vera', 2);
const OTTO = summary('ottoSessionId0000000002', 'Otto', 1);

function renderPage(handler: (config: InternalAxiosRequestConfig) => FakeReply) {
  api.defaults.adapter = fakeAdapter(handler);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/dashboard/chat', element: <AdminChatPage /> }], {
    initialEntries: ['/dashboard/chat'],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

/** The elements scrolled into view (jsdom has no layout, so no scrollIntoView of its own). */
let scrolled: Element[] = [];

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});

afterEach(() => {
  api.defaults.adapter = originalAdapter;
  document.title = '';
});

describe('AdminChatPage', () => {
  it('counts unread messages in the title and clears a chat when it is opened', async () => {
    let veraRead = false;
    renderPage((config) => {
      if (config.url === '/chat/admin/chats') {
        return { status: 200, data: { data: [veraRead ? { ...VERA, unreadCount: 0 } : VERA, OTTO] } };
      }
      if (config.url === `/chat/admin/chat/${VERA.sessionId}`) {
        veraRead = true;
        const conversation: ChatAdminConversation = {
          session: { ...VERA, unreadCount: 0 },
          messages: [
            {
              _id: 'm1',
              text: 'Hello <b>there</b>',
              sender: 'user',
              timestamp: VERA.lastMessageAt ?? '',
              seq: 1,
            },
          ],
        };
        return { status: 200, data: { data: conversation } };
      }
      return { status: 404, data: problem(404, 'Not found') };
    });

    expect(await screen.findByText('Select a conversation')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(3) Chat Management – SheetForms'));
    expect(screen.getByText('2 active chats')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Conversations' });
    const vera = within(list).getByRole('button', { name: /Vera/ });
    expect(within(vera).getByTestId('unread-badge').textContent).toContain('2 unread messages');
    expect(vera.textContent).toContain('Online');

    fireEvent.click(vera);
    expect(within(vera).queryByTestId('unread-badge')).toBeNull();
    await waitFor(() => expect(document.title).toBe('(1) Chat Management – SheetForms'));
    const pane = screen.getByRole('region', { name: 'Vera' });
    expect(await within(pane).findByText('Hello <b>there</b>')).toBeTruthy();
    expect(within(pane).getByText(`#${VERA.sessionId.slice(0, 8)}`)).toBeTruthy();
    expect(within(pane).getByTestId('message-count').textContent).toBe('2 messages');
    expect(within(pane).getByRole('textbox', { name: 'Reply' }).getAttribute('placeholder')).toBe(
      'Type your response...',
    );
  });

  it("says 'Failed to load chats' only while there is no list to show", async () => {
    renderPage(() => ({ status: 500, data: problem(500, 'Internal error') }));
    expect(await screen.findByText('Failed to load chats')).toBeTruthy();
  });

  it("says 'Failed to load messages' when an opened chat cannot load", async () => {
    renderPage((config) =>
      config.url === '/chat/admin/chats'
        ? { status: 200, data: { data: [OTTO] } }
        : { status: 500, data: problem(500, 'Internal error') },
    );
    fireEvent.click(await screen.findByRole('button', { name: /Otto/ }));
    expect(await screen.findByText('Failed to load messages')).toBeTruthy();
  });

  it("shows 'No active chats' for an empty list", async () => {
    renderPage(() => ({ status: 200, data: { data: [] } }));
    expect(await screen.findByText('No active chats')).toBeTruthy();
    expect(screen.getByText('0 active chats')).toBeTruthy();
  });

  describe('on a phone (no wide-screen media match)', () => {
    const conversation = (session: ChatSessionSummary): ChatAdminConversation => ({
      session: { ...session, unreadCount: 0 },
      messages: [{ _id: 'm1', text: 'Hi', sender: 'user', timestamp: session.lastMessageAt ?? '', seq: 1 }],
    });
    const handler =
      (replyStatus: number) =>
      (config: InternalAxiosRequestConfig): FakeReply => {
        if (config.url === '/chat/admin/chats') return { status: 200, data: { data: [VERA] } };
        if (config.url === `/chat/admin/chat/${VERA.sessionId}`) {
          return { status: 200, data: { data: conversation(VERA) } };
        }
        if (config.method === 'post')
          return { status: replyStatus, data: problem(replyStatus, 'Too many requests') };
        return { status: 404, data: problem(404, 'Not found') };
      };

    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('opens a conversation filling the screen and scrolled into view, so the reply box shows at once', async () => {
      renderPage(handler(200));
      const frame = screen.getByTestId('chat-frame');
      for (const name of PHONE_CONVERSATION_FRAME.split(' '))
        expect(frame.classList.contains(name)).toBe(false);

      fireEvent.click(await screen.findByRole('button', { name: /Vera/ }));

      for (const name of PHONE_CONVERSATION_FRAME.split(' '))
        expect(frame.classList.contains(name)).toBe(true);
      await waitFor(() => expect(scrolled).toEqual([frame]));
      const pane = screen.getByRole('region', { name: 'Vera' });
      await waitFor(() => expect(document.activeElement?.id).toBe('conversation-title'));
      // The message list takes the room left, with no fixed height of its own to push the box down.
      const log = await within(pane).findByRole('log', { name: 'Messages' });
      expect(log.parentElement?.className).not.toMatch(/h-\[55dvh\]|min-h-72/);
      expect(log.parentElement?.classList.contains('flex-1')).toBe(true);
      expect(within(pane).getByRole('textbox', { name: 'Reply' })).toBeTruthy();
    });

    it('says a rate-limited reply (429) plainly and keeps it for Retry', async () => {
      renderPage(handler(429));
      fireEvent.click(await screen.findByRole('button', { name: /Vera/ }));
      const box = await screen.findByRole('textbox', { name: 'Reply' });
      await waitFor(() => expect((box as HTMLTextAreaElement).disabled).toBe(false));
      fireEvent.change(box, { target: { value: 'Thanks!' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));

      expect(
        await screen.findByText('You are sending messages too fast - try again in a few seconds'),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
    });
  });
});
