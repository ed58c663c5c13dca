import { describe, expect, it } from 'vitest';
import { FORM_ID_LENGTH, generateFormId } from './form-id.js';

describe('generateFormId', () => {
  it('answers 12 URL-safe characters', () => {
    for (let i = 0; i < 1000; i++) {
      const id = generateFormId();
      expect(id).toHaveLength(FORM_ID_LENGTH);
      expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(encodeURIComponent(id)).toBe(id);
    }
  });

  it('does not repeat, and uses the whole alphabet (it is random, not a counter)', () => {
    const ids = Array.from({ length: 10_000 }, generateFormId);
    expect(new Set(ids).size).toBe(ids.length);
    const seen = new Set(ids.join(''));
    // 64 symbols over 120,000 characters: every one shows up.
    expect(seen.size).toBe(64);
  });
});
