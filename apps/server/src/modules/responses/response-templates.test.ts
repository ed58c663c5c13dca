import { HTML_LIMITS } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { boundedPageSize } from './response-templates.js';

const template = (id: string, bytes: number) => ({
  id,
  name: id,
  googleDocsUrl: '',
  content: 'x'.repeat(bytes),
});

describe('boundedPageSize', () => {
  it('keeps the requested size without templates or with small ones', () => {
    expect(boundedPageSize(50, [])).toBe(50);
    expect(boundedPageSize(50, [template('a', 10_000)])).toBe(50);
  });

  it('lowers the size so content plus filled copies stay within the budget, never below 1', () => {
    const oneMb = template('a', 1024 * 1024);
    expect(boundedPageSize(50, [oneMb])).toBe(2);
    expect(2 * 2 * 1024 * 1024).toBeLessThanOrEqual(HTML_LIMITS.pageTemplatesMaxChars);
    expect(boundedPageSize(50, [oneMb, oneMb, oneMb])).toBe(1);
    expect(boundedPageSize(50, [template('b', 100_000)])).toBe(20);
  });
});
