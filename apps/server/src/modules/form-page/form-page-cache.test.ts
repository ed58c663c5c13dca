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
});
