import type { SheetAccess } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { createSheetCheckCache } from './sheet-check-cache.js';

const result = (message: string): SheetAccess => ({
  accessible: true,
  error: null,
  message,
  lastChecked: '2026-01-01T00:00:00.000Z',
  sheetExists: true,
});

describe('createSheetCheckCache', () => {
  it("keeps one owner's result from another owner", () => {
    const cache = createSheetCheckCache();
    cache.set('alice', 'sheet-1', 'Tab', result('alice'));
    expect(cache.get('alice', 'sheet-1', 'Tab')?.message).toBe('alice');
    expect(cache.get('bob', 'sheet-1', 'Tab')).toBeUndefined();
    expect(cache.get('alice', 'sheet-1', 'Other')).toBeUndefined();
  });

  it('forgets a result after its 60 s, and all of an owner on demand', () => {
    let now = 0;
    const cache = createSheetCheckCache({ now: () => now });
    cache.set('alice', 'sheet-1', 'Tab', result('a'));
    cache.set('alice', 'sheet-2', 'Tab', result('b'));
    cache.set('bob', 'sheet-1', 'Tab', result('c'));
    now = 59_999;
    expect(cache.get('alice', 'sheet-1', 'Tab')).toBeDefined();
    cache.forgetOwner('alice');
    expect(cache.get('alice', 'sheet-2', 'Tab')).toBeUndefined();
    expect(cache.get('bob', 'sheet-1', 'Tab')).toBeDefined();
    now = 60_000;
    expect(cache.get('bob', 'sheet-1', 'Tab')).toBeUndefined();
  });

  it('is bounded: the least recently used result goes first', () => {
    const cache = createSheetCheckCache({ capacity: 2 });
    cache.set('o', 'a', 'T', result('a'));
    cache.set('o', 'b', 'T', result('b'));
    cache.get('o', 'a', 'T');
    cache.set('o', 'c', 'T', result('c'));
    expect(cache.get('o', 'b', 'T')).toBeUndefined();
    expect(cache.get('o', 'a', 'T')).toBeDefined();
    expect(cache.get('o', 'c', 'T')).toBeDefined();
  });

  it('does not let one part run into the next', () => {
    const cache = createSheetCheckCache();
    cache.set('o', 'a","b', 'T', result('x'));
    expect(cache.get('o', 'a', 'b","T')).toBeUndefined();
  });
});
