import type { QuestionRow } from '@sheetforms/contract';
import { describe, expect, it, vi } from 'vitest';
import { createQuestionsCache, QUESTIONS_UNAVAILABLE, QuestionsUnavailableError } from './questions-cache.js';

const row = (question: string): QuestionRow => ({
  question,
  answer: `${question}!`,
  srNo: '1',
  websiteLink: '',
  googleSheetLink: '',
  youtubeLink: '',
  type: '',
});

function setup(read: () => Promise<QuestionRow[]>) {
  let time = 1_000_000;
  const log = { warn: vi.fn() };
  const spy = vi.fn(read);
  const cache = createQuestionsCache({ read: spy, log, now: () => time });
  return {
    cache,
    read: spy,
    log,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('questions cache', () => {
  it('shares one read among concurrent first callers, then serves the copy for a minute', async () => {
    let release: (rows: QuestionRow[]) => void = () => {};
    const t = setup(() => new Promise((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 50 }, () => t.cache.get());
    release([row('A')]);
    const feeds = await Promise.all(waiting);
    expect(feeds.every((feed) => feed.count === 1 && feed.data[0]?.question === 'A')).toBe(true);
    t.advance(59_999);
    await t.cache.get();
    expect(t.read).toHaveBeenCalledTimes(1);
  });

  it('answers the stale copy at once after a minute and refreshes it in the background', async () => {
    let rows = [row('old')];
    let release: () => void = () => {};
    const t = setup(async () => rows);
    const first = await t.cache.get();
    t.advance(60_000);
    rows = [row('new')];
    t.read.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(rows))));
    const stale = await t.cache.get();
    expect(stale.data[0]?.question).toBe('old');
    expect(stale.timestamp).toBe(first.timestamp);
    // Callers during the background read get the stale copy too, without another read.
    await t.cache.get();
    expect(t.read).toHaveBeenCalledTimes(2);
    release();
    await vi.waitFor(async () => expect((await t.cache.get()).data[0]?.question).toBe('new'));
    expect(t.read).toHaveBeenCalledTimes(2);
  });

  it('keeps the stale copy when Google fails and tries again no sooner than the next minute', async () => {
    const t = setup(async () => [row('kept')]);
    await t.cache.get();
    t.advance(60_000);
    t.read.mockRejectedValue(new Error('Google is down'));
    expect((await t.cache.get()).data[0]?.question).toBe('kept');
    await vi.waitFor(() => expect(t.log.warn).toHaveBeenCalledTimes(1));
    t.advance(30_000);
    for (let i = 0; i < 20; i++) expect((await t.cache.get()).data[0]?.question).toBe('kept');
    expect(t.read).toHaveBeenCalledTimes(2);
    t.advance(30_000);
    await t.cache.get();
    expect(t.read).toHaveBeenCalledTimes(3);
  });

  it('answers 503 with the time to the next try while there has never been a copy', async () => {
    const t = setup(async () => {
      throw new Error('Google is down');
    });
    const failure = await t.cache.get().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QuestionsUnavailableError);
    expect(failure).toMatchObject({ status: 503, detail: QUESTIONS_UNAVAILABLE, retryAfterSeconds: 60 });
    t.advance(45_000);
    await expect(t.cache.get()).rejects.toMatchObject({ retryAfterSeconds: 15 });
    expect(t.read).toHaveBeenCalledTimes(1);
    t.read.mockResolvedValue([row('back')]);
    t.advance(15_000);
    expect((await t.cache.get()).data[0]?.question).toBe('back');
  });
});
