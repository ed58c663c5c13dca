import type { ContactMessage, ContactMessagesPage } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@/lib/api-client';
import { type FakeReply, fakeAdapter, problem } from '@/testing/fake-adapter';
import { AdminMessagesPage } from './admin-messages-page';

const originalAdapter = api.defaults.adapter;

const message = (id: string, name: string, read = false): ContactMessage => ({
  id,
  name,
  email: `${id}@example.com`,
  company: id === 'm1' ? 'Engines Ltd' : '',
  message: `<b>Hello</b> from ${name}`,
  createdAt: '2025-03-01T10:00:00.000Z',
  read,
});

function renderPage(handler: (config: InternalAxiosRequestConfig) => FakeReply) {
  api.defaults.adapter = fakeAdapter(handler);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AdminMessagesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A fake inbox: pages of two, newest first, with PATCH and DELETE. */
function fakeInbox(initial: ContactMessage[]) {
  const messages = [...initial];
  const calls: string[] = [];
  const handler = (config: InternalAxiosRequestConfig): FakeReply => {
    calls.push(
      `${config.method?.toUpperCase()} ${config.url}${config.params?.cursor ? `?cursor=${config.params.cursor}` : ''}`,
    );
    if (config.url === '/contact/messages' && config.method === 'get') {
      const start = config.params?.cursor ? Number(config.params.cursor) : 0;
      const limit = Number(config.params?.limit ?? 20) > 2 ? 2 : Number(config.params?.limit);
      const items = messages.slice(start, start + limit);
      const page: ContactMessagesPage = {
        items,
        nextCursor: start + limit < messages.length ? String(start + limit) : null,
        total: messages.length,
        unread: messages.filter((m) => !m.read).length,
      };
      return { status: 200, data: { data: page } };
    }
    const id = config.url?.split('/').at(-1) ?? '';
    const index = messages.findIndex((m) => m.id === id);
    if (index === -1) return { status: 404, data: problem(404, 'This message no longer exists') };
    if (config.method === 'patch') {
      const read = JSON.parse(String(config.data)).read as boolean;
      messages[index] = { ...(messages[index] as ContactMessage), read };
      return { status: 200, data: { data: messages[index] } };
    }
    if (config.method === 'delete') {
      messages.splice(index, 1);
      return { status: 200, data: { data: null, message: 'Message deleted' } };
    }
    return { status: 404, data: problem(404, 'Not found') };
  };
  return { handler, calls, messages };
}

beforeEach(() => {
  localStorage.setItem('accessToken', 'admin-token');
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('AdminMessagesPage', () => {
  it('lists messages newest first with unread marked, as plain text, and loads more', async () => {
    const inbox = fakeInbox([message('m1', 'Ada'), message('m2', 'Grace', true), message('m3', 'Alan')]);
    renderPage(inbox.handler);

    const items = await screen.findAllByTestId('contact-message');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'AdaUnread',
      'Grace',
    ]);
    expect(items.map((item) => item.dataset.read)).toEqual(['false', 'true']);
    expect(screen.getByText('3 messages, 2 unread')).toBeDefined();
    expect(screen.getByText('<b>Hello</b> from Ada')).toBeDefined();
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'm1@example.com' })
        .getAttribute('href'),
    ).toBe('mailto:m1@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('contact-message')).toHaveLength(3));
    expect(inbox.calls).toContain('GET /contact/messages?cursor=2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('marks a message read and unread', async () => {
    const inbox = fakeInbox([message('m1', 'Ada')]);
    renderPage(inbox.handler);

    fireEvent.click(await screen.findByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(screen.getByTestId('contact-message').dataset.read).toBe('true'));
    await waitFor(() => expect(inbox.messages[0]?.read).toBe(true));
    expect(inbox.calls).toContain('PATCH /contact/messages/m1');
    await waitFor(() => expect(screen.getByText('1 message, 0 unread')).toBeDefined());

    fireEvent.click(await screen.findByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(screen.getByTestId('contact-message').dataset.read).toBe('false'));
    // The page shows the change before the server has it: wait for the stored one.
    await waitFor(() => expect(inbox.messages[0]?.read).toBe(false));
  });

  it('deletes a message only after the dialog is confirmed', async () => {
    const inbox = fakeInbox([message('m1', 'Ada'), message('m2', 'Grace')]);
    renderPage(inbox.handler);

    fireEvent.click(await screen.findByRole('button', { name: 'Delete the message from Ada' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    expect(within(dialog).getByText(/The message from Ada is deleted/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(inbox.calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete the message from Ada' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this message?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('contact-message')).toHaveLength(1));
    expect(inbox.calls).toContain('DELETE /contact/messages/m1');
    expect(screen.queryByText('Ada')).toBeNull();
  });

  it('says when there are no messages', async () => {
    renderPage(fakeInbox([]).handler);
    expect(await screen.findByText('No messages yet')).toBeDefined();
    expect(screen.getByText('Messages sent from the contact form appear here.')).toBeDefined();
  });

  it('shows the server error with Try again when the list fails to load', async () => {
    let fail = true;
    const inbox = fakeInbox([message('m1', 'Ada')]);
    renderPage((config) =>
      fail ? { status: 500, data: problem(500, 'Something went wrong on our side.') } : inbox.handler(config),
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong on our side.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('contact-message')).toBeDefined();
  });
});
