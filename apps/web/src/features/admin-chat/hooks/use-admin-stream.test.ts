// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { streamBackoffMs } from './use-admin-stream';

describe('streamBackoffMs', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => streamBackoffMs(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads reconnects by a quarter either way', () => {
    expect(streamBackoffMs(0, () => 0)).toBe(750);
    expect(streamBackoffMs(0, () => 0.999_999)).toBe(1_250);
  });
});
