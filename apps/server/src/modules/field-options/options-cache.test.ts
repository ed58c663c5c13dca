import { describe, expect, it } from 'vitest';
import { createOptionsCache, OPTIONS_CACHE_CHARACTERS, type RangeRead } from './options-cache.js';

const good = (...options: string[]): RangeRead => ({ ok: true, options });

describe('options cache', () => {
  it('serves a read for less than 60 s from when it began, then reads again', async () => {
    let clock = 0;
    const cache = createOptionsCache({ now: () => clock });
    let reads = 0;
    const read = async () => {
      reads++;
      // The read itself takes 2 s: the list is as old as the moment it was asked for.
      clock += 2_000;
      return good(`v${reads}`);
    };
    expect(await cache.get('s', 'Lists!A2:A', read)).toEqual({ ok: true, options: ['v1'] });
    clock = 59_999;
    expect(await cache.get('s', 'Lists!A2:A', read)).toEqual({ ok: true, options: ['v1'] });
    clock = 60_000;
    expect(await cache.get('s', 'Lists!A2:A', read)).toEqual({ ok: true, options: ['v2'] });
    expect(reads).toBe(2);
  });

  it('lets concurrent callers of one range share one read', async () => {
    const cache = createOptionsCache();
    let reads = 0;
    let release: (value: RangeRead) => void = () => {};
    const read = () => {
      reads++;
      return new Promise<RangeRead>((resolve) => (release = resolve));
    };
    const all = Promise.all([1, 2, 3].map(() => cache.get('s', 'A2:A', read)));
    release(good('Gold'));
    expect(await all).toEqual([1, 2, 3].map(() => ({ ok: true, options: ['Gold'] })));
    expect(reads).toBe(1);
  });

  it('keeps the last good list when a read fails, and tries again only after the retry time', async () => {
    let clock = 0;
    const cache = createOptionsCache({ now: () => clock, failureRetryMs: 10_000 });
    let answer: RangeRead = good('A', 'B');
    let reads = 0;
    const read = async () => {
      reads++;
      return answer;
    };
    await cache.get('s', 'r', read);
    clock = 61_000;
    answer = { ok: false, reason: 'Google Sheets did not answer' };
    const failed = { ok: false, reason: 'Google Sheets did not answer', lastGood: ['A', 'B'] };
    expect(await cache.get('s', 'r', read)).toEqual(failed);
    clock = 70_999;
    expect(await cache.get('s', 'r', read)).toEqual(failed);
    expect(reads).toBe(2);
    answer = good('C');
    clock = 71_000;
    expect(await cache.get('s', 'r', read)).toEqual({ ok: true, options: ['C'] });
    expect(reads).toBe(3);
  });

  it('a read that throws is a failure, never cached as a list', async () => {
    const cache = createOptionsCache();
    const result = await cache.get('s', 'r', async () => {
      throw new Error('boom');
    });
    expect(result).toMatchObject({ ok: false, lastGood: undefined });
  });

  it('holds at most `capacity` ranges, the least recently used dropped first, per spreadsheet and range', async () => {
    const cache = createOptionsCache({ capacity: 2 });
    const reads: string[] = [];
    const read = (name: string) => async () => {
      reads.push(name);
      return good(name);
    };
    await cache.get('s1', 'A', read('s1A'));
    await cache.get('s2', 'A', read('s2A')); // another spreadsheet, same range: its own entry
    await cache.get('s1', 'A', read('s1A')); // s1A is now the most recently used
    await cache.get('s1', 'B', read('s1B')); // drops s2A
    await cache.get('s1', 'A', read('s1A'));
    await cache.get('s2', 'A', read('s2A'));
    expect(reads).toEqual(['s1A', 's2A', 's1B', 's2A']);
    expect(cache.size).toBe(2);
  });

  it('holds at most `maxCharacters` of options in all, the least recently used ranges dropped first', async () => {
    expect(OPTIONS_CACHE_CHARACTERS).toBe(5_000_000);
    const cache = createOptionsCache({ maxCharacters: 1000 });
    const reads: string[] = [];
    const list = (name: string) => async () => {
      reads.push(name);
      // 400 characters of options.
      return good(...Array.from({ length: 4 }, (_, i) => `${name}${i}`.padEnd(100, '.')));
    };
    await cache.get('s', 'A', list('A'));
    await cache.get('s', 'B', list('B'));
    expect(cache.characters).toBe(800);
    await cache.get('s', 'C', list('C')); // 1,200 characters: A goes
    expect(cache.size).toBe(2);
    expect(cache.characters).toBe(800);
    await cache.get('s', 'B', list('B'));
    await cache.get('s', 'A', list('A'));
    expect(reads).toEqual(['A', 'B', 'C', 'A']);
    // One list larger than the whole budget is served, never kept.
    const huge = await cache.get('s', 'H', async () => good('x'.repeat(1001)));
    expect(huge).toEqual({ ok: true, options: ['x'.repeat(1001)] });
    expect(cache.characters).toBe(800);
    expect(cache.size).toBe(2);
  });
});
