import { ASSISTANT } from '@sheetforms/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ANSWER_TEXT } from '../components/assistant-answer';
import { CHAT_INPUT_LABEL, clampInputHeight } from '../components/chat-input';
import { chatHref, chatState } from '../components/chat-seed';
import { TYPING_LABEL } from '../components/typing-indicator';
import { ROWS, stubFetch } from '../testing/feed';
import { AssistantChatPage, followUpReply } from './assistant-chat-page';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Entry = string | { pathname: string; search: string; state: unknown };

function renderChat(entry: Entry = '/chat') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AssistantChatPage />
    </MemoryRouter>,
  );
}

const bubbles = (kind: 'user' | 'bot') =>
  screen.queryAllByTestId(`chat-message-${kind}`).map((bubble) => bubble.textContent);

function box() {
  return screen.getByRole('textbox', { name: CHAT_INPUT_LABEL }) as HTMLTextAreaElement;
}
function sendButton() {
  return screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
}

/** Waits (real timers) until the feed is in: its chips show on an empty chat. */
async function feedLoaded() {
  await screen.findByRole('button', { name: ROWS[0]?.question });
}

describe('AssistantChatPage', () => {
  it("shows the seeded question and answer with the row's links and the Chat With Us button", async () => {
    stubFetch();
    const row = ROWS[0];
    renderChat({
      pathname: '/chat',
      search: `?q=${encodeURIComponent('I want to create a form')}`,
      state: chatState({
        question: 'I want to create a form',
        answer: 'See the Demo Website or Watch How It Works, or Chat With Us.',
        ...(row ? { row } : {}),
      }),
    });

    expect(await screen.findByText('I want to create a form')).toBeDefined();
    expect(bubbles('bot')).toHaveLength(1);
    const bot = screen.getByTestId('chat-message-bot');
    expect(
      within(bot)
        .getByRole('link', { name: /Demo Website/ })
        .getAttribute('href'),
    ).toBe('https://sheetforms.example.com/');
    expect(
      within(bot)
        .getByRole('link', { name: /Watch How It Works/ })
        .getAttribute('href'),
    ).toBe('https://www.youtube.com/watch?v=demo');
    expect(within(bot).getByRole('link', { name: 'Chat With Us' }).getAttribute('href')).toBe(
      '/chat-support',
    );
    expect(screen.queryByText(TYPING_LABEL)).toBeNull();
  });

  it('matches a question from the URL once the feed is in', async () => {
    stubFetch();
    renderChat(chatHref('I want to embed my form'));

    expect(bubbles('user')).toEqual(['You: I want to embed my form']);
    await screen.findByText('Copy the iframe code. Try the', { exact: false });
    expect(screen.getByRole('link', { name: /Demo Google Sheet/ }).getAttribute('href')).toBe(
      'https://docs.google.com/spreadsheets/d/abc/edit',
    );
    expect(screen.queryByText(TYPING_LABEL)).toBeNull();
  });

  it('answers a follow-up from the loaded feed after the 1.5 s typing indicator, without a call', async () => {
    const fetchMock = stubFetch();
    renderChat();
    await feedLoaded();
    vi.useFakeTimers();

    fireEvent.change(box(), { target: { value: 'Why does Sheet Status say Not Accessible?' } });
    fireEvent.keyDown(box(), { key: 'Enter' });

    expect(bubbles('user')).toEqual(['You: Why does Sheet Status say Not Accessible?']);
    expect(box().value).toBe('');
    expect(screen.getByText(TYPING_LABEL)).toBeDefined();
    fireEvent.change(box(), { target: { value: 'Another one' } });
    expect(sendButton().disabled).toBe(true);

    act(() => vi.advanceTimersByTime(ASSISTANT.typingMs - 1));
    expect(bubbles('bot')).toEqual([]);
    act(() => vi.advanceTimersByTime(1));

    expect(bubbles('bot')).toEqual(['Assistant: Fix the sharing, then click Recheck.']);
    expect(screen.queryByText(TYPING_LABEL)).toBeNull();
    expect(sendButton().disabled).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says it has no answer for an unmatched follow-up and offers 'Chat with us', instead of a random reply", async () => {
    stubFetch();
    renderChat();
    await feedLoaded();
    vi.useFakeTimers();

    fireEvent.change(box(), { target: { value: 'Do you sell pizza?' } });
    fireEvent.click(sendButton());
    act(() => vi.advanceTimersByTime(ASSISTANT.typingMs));

    expect(bubbles('bot')).toEqual([`Assistant: ${NO_ANSWER_TEXT} Chat with us`]);
    const bot = screen.getByTestId('chat-message-bot');
    expect(within(bot).getByRole('link', { name: 'Chat with us' }).getAttribute('href')).toBe(
      '/chat-support',
    );
    for (const canned of ASSISTANT.cannedReplies) expect(document.body.textContent).not.toContain(canned);
  });

  it('answers follow-ups by the text search: word forms, synonyms and typos', () => {
    expect(followUpReply('I need help from a person', ROWS)).toEqual({ text: ROWS[3]?.answer, row: ROWS[3] });
    expect(followUpReply('embeding forms in a web site', ROWS).row).toBe(ROWS[1]);
    expect(followUpReply('make a survey from my spreadsheet', ROWS).row).toBe(ROWS[0]);
    expect(followUpReply('pizza?', ROWS)).toEqual({ text: NO_ANSWER_TEXT, row: undefined });
  });

  it('sends with Enter, adds a line with Shift+Enter, and keeps Send disabled while empty', async () => {
    stubFetch();
    renderChat();
    await feedLoaded();
    expect(sendButton().disabled).toBe(true);

    fireEvent.change(box(), { target: { value: '   ' } });
    expect(sendButton().disabled).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(bubbles('user')).toEqual([]);

    fireEvent.change(box(), { target: { value: 'First line' } });
    const notSent = fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    expect(notSent).toBe(true); // the browser inserts the new line
    expect(bubbles('user')).toEqual([]);

    fireEvent.change(box(), { target: { value: 'First line\nSecond line' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(bubbles('user')).toEqual(['You: First line\nSecond line']);
  });

  it('grows the input with its text between 44 and 120 px', async () => {
    stubFetch();
    let contentHeight = 20;
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(() => contentHeight);
    renderChat();
    await feedLoaded();
    expect(box().style.height).toBe('44px');

    contentHeight = 80;
    fireEvent.change(box(), { target: { value: 'one\ntwo\nthree' } });
    expect(box().style.height).toBe('80px');

    contentHeight = 400;
    fireEvent.change(box(), { target: { value: 'many\nlines\n'.repeat(10) } });
    expect(box().style.height).toBe('120px');
    expect(box().style.overflowY).toBe('auto');

    expect([clampInputHeight(0), clampInputHeight(60.2), clampInputHeight(999)]).toEqual([44, 61, 120]);
  });

  it('asks a chip of the empty chat as a follow-up', async () => {
    stubFetch();
    renderChat();
    await feedLoaded();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: ROWS[1]?.question }));
    act(() => vi.advanceTimersByTime(ASSISTANT.typingMs));
    expect(bubbles('bot')).toEqual([
      `Assistant: ${ROWS[1]?.answer.replace('Demo Google Sheet', 'Demo Google Sheet (opens in a new tab)')}`,
    ]);
  });
});
