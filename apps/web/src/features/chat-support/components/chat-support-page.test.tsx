import type { ChatConversation, ChatMessage } from '@sheetforms/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type FakeReply, fakeAdapter, problem } from '@/testing/fake-adapter';
import { visitorApi } from '../api/visitor-client';
import { CHAT_SESSION_STORAGE_KEY } from '../logic/stored-session';
import { RATE_LIMITED_TEXT } from '../logic/texts';
import { ChatSupportPage } from './chat-support-page';

const originalAdapter = visitorApi.defaults.adapter;
afterEach(() => {
  visitorApi.defaults.adapter = originalAdapter;
  sessionStorage.clear();
});

const SESSION_ID = 'veraSessionId0000000001';

function message(seq: number, text: string, sender: 'user' | 'admin'): ChatMessage {
  return { _id: `m${seq}`, text, sender, timestamp: '2025-01-01T12:00:00.000Z', seq };
}

function conversation(messages: ChatMessage[]): ChatConversation {
  return { messages, status: 'active', readUpTo: 0, supportTyping: false };
}

/** Renders the page as a fresh page load would (a new query cache each time). */
function renderPage(handler: (config: InternalAxiosRequestConfig) => FakeReply) {
  visitorApi.defaults.adapter = fakeAdapter(handler);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/chat-support']}>
        <ChatSupportPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A server with one session: start, history and sends, counting the sessions started. */
function fakeServer(options: { sendStatus?: number } = {}) {
  const server = { started: 0, messages: [] as ChatMessage[] };
  const handler = (config: InternalAxiosRequestConfig): FakeReply => {
    if (config.method === 'post' && config.url === '/chat/start') {
      server.started += 1;
      return { status: 200, data: { data: { sessionId: SESSION_ID, messages: [] } } };
    }
    if (config.method === 'get' && config.url === `/chat/messages/${SESSION_ID}`) {
      return { status: 200, data: { data: conversation(server.messages) } };
    }
    if (config.method === 'post' && config.url === '/chat/message') {
      if (options.sendStatus)
        return { status: options.sendStatus, data: problem(options.sendStatus, 'Slow down') };
      const body = JSON.parse(String(config.data)) as { message: string };
      const stored = message(server.messages.length + 1, body.message, 'user');
      server.messages.push(stored);
      return { status: 200, data: { data: stored } };
    }
    return { status: 404, data: problem(404, 'Chat session not found') };
  };
  return { server, handler };
}

async function startChatAs(name: string) {
  fireEvent.change(await screen.findByLabelText('Your name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Start Chat' }));
  await screen.findByText(`Chatting as: ${name}`);
}

function send(text: string) {
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('ChatSupportPage session', () => {
  it('continues the same session after a reload: no second chat is started', async () => {
    const { server, handler } = fakeServer();
    const first = renderPage(handler);
    await startChatAs('Vera');
    send('Do you support dropdowns?');
    await screen.findByText('Do you support dropdowns?');
    // Stored, not only shown: the bubble appears at once and says "Sending…" until the server has it.
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    first.unmount();

    // The reload: a new page with an empty cache, the same tab.
    renderPage(handler);

    expect(await screen.findByText('Chatting as: Vera')).toBeDefined();
    expect(await screen.findByText('Do you support dropdowns?')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.started).toBe(1);
  });

  it('starts afresh when the stored session is no longer known to the server', async () => {
    sessionStorage.setItem(
      CHAT_SESSION_STORAGE_KEY,
      JSON.stringify({ sessionId: 'goneSessionId000000000001', userName: 'Otto', userEmail: '' }),
    );
    renderPage(() => ({ status: 404, data: problem(404, 'Chat session not found') }));

    expect(await screen.findByRole('dialog', { name: 'Welcome to Chat Support' })).toBeDefined();
    expect(sessionStorage.getItem(CHAT_SESSION_STORAGE_KEY)).toBeNull();
    // The name is kept for the new chat.
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Otto');
  });

  it('ignores a stored value that is not a session', async () => {
    sessionStorage.setItem(
      CHAT_SESSION_STORAGE_KEY,
      JSON.stringify({ sessionId: '../admin', userName: 'X' }),
    );
    const { handler } = fakeServer();
    renderPage(handler);

    expect(await screen.findByRole('dialog', { name: 'Welcome to Chat Support' })).toBeDefined();
  });
});

describe('ChatSupportPage rate limit', () => {
  it('says a 429 plainly beside the message box and keeps the message for Retry', async () => {
    const { handler } = fakeServer({ sendStatus: 429 });
    renderPage(handler);
    await startChatAs('Vera');

    send('one more');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(RATE_LIMITED_TEXT);
    expect(RATE_LIMITED_TEXT).toBe('You are sending messages too fast - try again in a few seconds');
    // Legible: dark red on light red (WCAG AA), not the light toast.
    expect(alert.className).toContain('text-red-800');
    expect(alert.className).toContain('bg-red-50');
    expect(screen.getByRole('button', { name: /Retry/ })).toBeDefined();
  });

  it('clears the notice once a message goes through', async () => {
    const options: { sendStatus?: number } = { sendStatus: 429 };
    const { handler } = fakeServer(options);
    renderPage(handler);
    await startChatAs('Vera');
    send('first');
    await screen.findByRole('alert');

    delete options.sendStatus;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));

    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
