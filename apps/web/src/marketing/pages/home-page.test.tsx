import { ASSISTANT } from '@sheetforms/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_SEED_STATE_KEY, type ChatSeed } from '../components/chat-seed';
import { json, ROWS, stubFetch } from '../testing/feed';
import { HomePage } from './home-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stands in for /chat: shows where Home went and what it carried. */
function ChatProbe() {
  const location = useLocation();
  const seed = (location.state as Record<string, ChatSeed> | null)?.[CHAT_SEED_STATE_KEY];
  return (
    <div>
      <p data-testid="probe-url">{`${location.pathname}${location.search}`}</p>
      <p data-testid="probe-question">{seed?.question}</p>
      <p data-testid="probe-answer">{seed?.answer}</p>
      <p data-testid="probe-row">{seed?.row?.srNo}</p>
    </div>
  );
}

function renderHome() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/chat" element={<ChatProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('HomePage', () => {
  it('has one h1, the hero, and the sections below it in heading order', async () => {
    stubFetch();
    renderHome();
    await screen.findByRole('button', { name: ROWS[0]?.question });

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      ASSISTANT.heroTitle,
    ]);
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual([
      'From spreadsheet to live form in minutes',
      'Frequently asked questions',
      'TL;DR',
      'Contact us',
    ]);
    // Three feature blurbs and six FAQ cards.
    const features = screen.getByRole('region', { name: 'From spreadsheet to live form in minutes' });
    expect(within(features).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDefined();
  });

  it("shows 'Try this questions' chips only for 'button' rows", async () => {
    stubFetch();
    renderHome();
    await screen.findByRole('button', { name: ROWS[0]?.question });
    const group = screen.getByRole('group', { name: ASSISTANT.tryTheseQuestions });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([ROWS[0]?.question, ROWS[1]?.question]);
  });

  it('sends a question picked with the keyboard to /chat with its matched answer and row', async () => {
    stubFetch();
    renderHome();
    await screen.findByRole('button', { name: ROWS[0]?.question });
    const box = screen.getByRole('combobox');

    fireEvent.change(box, { target: { value: 'I want to embed' } });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.getByTestId('probe-url').textContent).toBe(
      `/chat?q=${encodeURIComponent('I want to embed my form on my website')}`,
    );
    expect(screen.getByTestId('probe-question').textContent).toBe('I want to embed my form on my website');
    expect(screen.getByTestId('probe-answer').textContent).toBe(ROWS[1]?.answer);
    expect(screen.getByTestId('probe-row').textContent).toBe('2');
  });

  it('sends a chip straight away', async () => {
    stubFetch();
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: ROWS[0]?.question }));
    expect(screen.getByTestId('probe-question').textContent).toBe(ROWS[0]?.question);
    expect(screen.getByTestId('probe-answer').textContent).toBe(ROWS[0]?.answer);
  });

  it("sends an unknown question with 'I don't have an answer for that yet.', not another question's answer", async () => {
    stubFetch();
    renderHome();
    await screen.findByRole('button', { name: ROWS[0]?.question });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'I want to bake bread' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByTestId('probe-answer').textContent).toBe("I don't have an answer for that yet.");
  });

  it('before the feed arrives, sends the question alone for /chat to match', () => {
    stubFetch({ questions: () => new Promise<Response>(() => {}) });
    renderHome();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'I want help' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByTestId('probe-url').textContent).toBe('/chat?q=I%20want%20help');
    expect(screen.getByTestId('probe-answer').textContent).toBe('');
  });

  it('shows the feed error and no chips when the feed fails', async () => {
    stubFetch({ questions: () => json({ detail: 'down' }, 502) });
    renderHome();
    expect((await screen.findByText(ASSISTANT.feedFailed)).getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('group', { name: ASSISTANT.tryTheseQuestions })).toBeNull();
    fireEvent.click(screen.getByRole('combobox'));
    expect(screen.queryByRole('option')).toBeNull();
  });
});
