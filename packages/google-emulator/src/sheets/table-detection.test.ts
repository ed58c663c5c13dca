import { describe, expect, it } from 'vitest';
import type { Rows } from './cells.js';
import { detectTable } from './table-detection.js';

const everything = { startRow: 0, startCol: 0, endRow: 999, endCol: 25 };

describe('detectTable', () => {
  it('finds the block of data touching the first non-empty cell, beyond the given range', () => {
    const rows: Rows = [['h1', 'h2'], ['a', 'b'], ['c']];
    expect(detectTable(rows, { startRow: 0, startCol: 0, endRow: 0, endCol: 0 })).toEqual({
      top: 0,
      left: 0,
      bottom: 2,
      right: 1,
    });
  });

  it('stops at an empty row and ignores data not touching the table', () => {
    const rows: Rows = [['h'], ['a'], [], ['far away']];
    expect(detectTable(rows, everything)).toEqual({ top: 0, left: 0, bottom: 1, right: 0 });
  });

  it('starts at the first data in the range (so a blank first column moves the table right)', () => {
    const rows: Rows = [
      [null, 'h1', 'h2'],
      [null, 'a', 'b'],
    ];
    expect(detectTable(rows, everything)).toEqual({ top: 0, left: 1, bottom: 1, right: 2 });
  });

  it('widens the table with a stray cell diagonally next to it (Google’s drift)', () => {
    const rows: Rows = [
      ['h1', 'h2'],
      ['a', 'b'],
      [null, null, 'stray'],
    ];
    expect(detectTable(rows, everything)).toEqual({ top: 0, left: 0, bottom: 2, right: 2 });
  });

  it('finds nothing in an empty range', () => {
    expect(detectTable([], everything)).toBeUndefined();
    expect(detectTable([['x']], { startRow: 5, startCol: 0, endRow: 9, endCol: 3 })).toBeUndefined();
  });

  it('handles 100,000 rows quickly', () => {
    const rows: Rows = Array.from({ length: 100_000 }, (_, i) => [i, 'name', 'email', 'city']);
    const started = Date.now();
    expect(detectTable(rows, { startRow: 0, startCol: 0, endRow: 0, endCol: 0 })).toEqual({
      top: 0,
      left: 0,
      bottom: 99_999,
      right: 3,
    });
    expect(Date.now() - started).toBeLessThan(500);
  });
});
