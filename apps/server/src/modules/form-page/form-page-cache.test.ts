import { describe, expect, it } from 'vitest';
import { createFormPageCache } from './form-page-cache.js';

describe('form page cache', () => {
  it('answers a page only for the version it was rendered from', () => {
    const cache = createFormPageCache();
    cache.set('f1', 'v1', ['a', 'b']);
    expect(cache.get('f1', 'v1')).toEqual(['a', 'b']);
    expect(cache.get('f1', 'v2')).toBeUndefined();
    // A page of another version is dropped, not kept beside the new one.
    expect(cache.get('f1', 'v1')).toBeUndefined();
  });

  it('drops a page when its form changes, and the least recently used page past its capacity', () => {
    const cache = createFormPageCache(2);
    cache.set('f1', 'v', ['1']);
    cache.set('f2', 'v', ['2']);
    cache.invalidate('f2');
    expect(cache.get('f2', 'v')).toBeUndefined();
    cache.set('f2', 'v', ['2']);
    cache.get('f1', 'v');
    cache.set('f3', 'v', ['3']);
    expect(cache.size).toBe(2);
    expect(cache.get('f2', 'v')).toBeUndefined();
    expect(cache.get('f1', 'v')).toEqual(['1']);
    expect(cache.get('f3', 'v')).toEqual(['3']);
  });

  it('holds at most its characters, the least recently used page going first, and never a page too large', () => {
    const cache = createFormPageCache(500, { totalChars: 10, pageChars: 6 });
    cache.set('f1', 'v', ['abc', 'd']);
    cache.set('f2', 'v', ['efgh']);
    expect(cache.chars).toBe(8);
    cache.get('f1', 'v');
    // 8 + 5 passes 10: the least recently used (f2) goes.
    cache.set('f3', 'v', ['ijklm']);
    expect(cache.get('f2', 'v')).toBeUndefined();
    expect(cache.get('f1', 'v')).toEqual(['abc', 'd']);
    expect(cache.chars).toBe(9);
    // Larger than a page may be: not kept, and nothing else is pushed out for it.
    cache.set('big', 'v', ['1234567']);
    expect(cache.get('big', 'v')).toBeUndefined();
    expect(cache.size).toBe(2);
    // A page replaced or invalidated gives its characters back.
    cache.set('f1', 'v2', ['a']);
    cache.invalidate('f3');
    expect(cache.chars).toBe(1);
  });
});
