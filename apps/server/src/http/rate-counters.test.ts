import { describe, expect, it } from 'vitest';
import { memoryRateCounters, type RateCount, type RateCounters } from './rate-counters.js';

/** One hit, answered before `hit` returns (the memory store's promise: no promise). */
function hitNow(counters: RateCounters, key: string, windowMs = 60_000): RateCount | undefined {
  let answer: RateCount | undefined;
  let answered = false;
  counters.hit(key, windowMs, (count) => {
    answer = count;
    answered = true;
  });
  expect(answered).toBe(true);
  return answer;
}

describe('memory rate counters', () => {
  it('count a key within its window, with the time the window has left', () => {
    let now = 1_000_000;
    const counters = memoryRateCounters(100, () => now);
    expect(hitNow(counters, 'a')).toEqual({ current: 1, ttlMs: 60_000 });
    now += 15_000;
    expect(hitNow(counters, 'a')).toEqual({ current: 2, ttlMs: 45_000 });
    expect(hitNow(counters, 'b')).toEqual({ current: 1, ttlMs: 60_000 });
    now += 44_999;
    expect(hitNow(counters, 'a')).toEqual({ current: 3, ttlMs: 1 });
  });

  it('start a new window once the old one has passed', () => {
    let now = 0;
    const counters = memoryRateCounters(100, () => now);
    for (let i = 0; i < 5; i++) hitNow(counters, 'a');
    now = 60_000;
    expect(hitNow(counters, 'a')).toEqual({ current: 1, ttlMs: 60_000 });
  });

  it('keep at most their capacity of keys, forgetting the oldest window first', () => {
    let now = 0;
    const counters = memoryRateCounters(3, () => now);
    for (const key of ['a', 'b', 'c']) {
      hitNow(counters, key);
      hitNow(counters, key);
      now++;
    }
    hitNow(counters, 'd');
    // 'a' was the oldest window: forgotten, so it starts again at 1. 'b' and 'c' keep their counts.
    expect(hitNow(counters, 'b')?.current).toBe(3);
    expect(hitNow(counters, 'c')?.current).toBe(3);
    expect(hitNow(counters, 'a')?.current).toBe(1);
  });

  it('hold 10,000 keys by default, and no more', () => {
    const counters = memoryRateCounters();
    for (let i = 0; i <= 10_000; i++) hitNow(counters, `k${i}`);
    // k0 was pushed out by the 10,001st key; k1 is still counted.
    expect(hitNow(counters, 'k1')?.current).toBe(2);
    expect(hitNow(counters, 'k0')?.current).toBe(1);
  });
});
