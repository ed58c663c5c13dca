import { ASSISTANT, type QuestionRow } from '@sheetforms/contract';
import { describe, expect, it, vi } from 'vitest';
import { loadQuestions, QUESTIONS_CACHE_KEY, QUESTIONS_URL } from './questions-feed';

const row = (question: string): QuestionRow => ({
  question,
  answer: `About ${question}`,
  srNo: '1',
  websiteLink: '',
  googleSheetLink: '',
  youtubeLink: '',
  type: 'question',
});

const feed = (rows: QuestionRow[]) => ({
  data: rows,
  count: rows.length,
  timestamp: '2025-01-01T00:00:00.000Z',
});

function reply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function cache(savedAt: number, rows: QuestionRow[]) {
  localStorage.setItem(QUESTIONS_CACHE_KEY, JSON.stringify({ savedAt, rows }));
}

describe('loadQuestions', () => {
  it('reads the feed and caches it with the time it was read', async () => {
    const fetchMock = vi.fn(async () => reply(feed([row('I want to embed')])));

    const result = await loadQuestions({ fetch: fetchMock, now: () => 1_000 });

    expect(result).toEqual({ rows: [row('I want to embed')], error: null });
    expect(fetchMock).toHaveBeenCalledWith(QUESTIONS_URL, expect.anything());
    expect(JSON.parse(localStorage.getItem(QUESTIONS_CACHE_KEY) ?? '{}')).toEqual({
      savedAt: 1_000,
      rows: [row('I want to embed')],
    });
  });

  it('accepts the feed inside the { data } envelope too', async () => {
    const fetchMock = vi.fn(async () => reply({ data: feed([row('Wrapped')]) }));
    expect((await loadQuestions({ fetch: fetchMock })).rows).toEqual([row('Wrapped')]);
  });

  it('uses a copy younger than 5 s without a call', async () => {
    cache(10_000, [row('Cached')]);
    const fetchMock = vi.fn(async () => reply(feed([row('Fresh')])));

    const result = await loadQuestions({ fetch: fetchMock, now: () => 10_000 + ASSISTANT.feedCacheMs - 1 });

    expect(result.rows).toEqual([row('Cached')]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls again once the copy is 5 s old', async () => {
    cache(10_000, [row('Cached')]);
    const fetchMock = vi.fn(async () => reply(feed([row('Fresh')])));

    const result = await loadQuestions({ fetch: fetchMock, now: () => 10_000 + ASSISTANT.feedCacheMs });

    expect(result.rows).toEqual([row('Fresh')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to the stale copy when the call fails', async () => {
    cache(0, [row('Stale')]);
    const failing = vi.fn(async () => reply({ detail: 'down' }, 503));
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });

    expect(await loadQuestions({ fetch: failing, now: () => 60_000 })).toEqual({
      rows: [row('Stale')],
      error: null,
    });
    expect(await loadQuestions({ fetch: offline, now: () => 60_000 })).toEqual({
      rows: [row('Stale')],
      error: null,
    });
  });

  it("without a copy, a non-2xx empties the list with 'please try again later'", async () => {
    const result = await loadQuestions({ fetch: vi.fn(async () => reply({}, 500)) });
    expect(result).toEqual({ rows: [], error: 'Failed to load questions - please try again later' });
  });

  it("without a copy, a network failure empties the list with 'please check your connection'", async () => {
    const result = await loadQuestions({
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    expect(result).toEqual({ rows: [], error: 'Failed to load questions - please check your connection' });
  });

  it('treats an unreadable 2xx body as a failed load and ignores a damaged cache entry', async () => {
    localStorage.setItem(QUESTIONS_CACHE_KEY, '{not json');
    const result = await loadQuestions({ fetch: vi.fn(async () => reply({ rows: 'nope' })) });
    expect(result).toEqual({ rows: [], error: ASSISTANT.feedFailed });
  });

  it('works without browser storage', async () => {
    const result = await loadQuestions({ fetch: vi.fn(async () => reply(feed([row('A')]))), storage: null });
    expect(result.rows).toEqual([row('A')]);
  });
});
