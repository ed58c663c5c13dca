import { describe, expect, it } from 'vitest';
import { boundedPageSize, filledTemplates, PAGE_TEMPLATE_BUDGET_BYTES } from './response-templates.js';

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
    expect(2 * 2 * 1024 * 1024).toBeLessThanOrEqual(PAGE_TEMPLATE_BUDGET_BYTES);
    expect(boundedPageSize(50, [oneMb, oneMb, oneMb])).toBe(1);
    expect(boundedPageSize(50, [template('b', 100_000)])).toBe(20);
  });
});

describe('filledTemplates', () => {
  it('fills each template with the response, keeping the raw content beside it', () => {
    const entries = filledTemplates(
      [{ id: 't1', name: 'Certificate', googleDocsUrl: '', content: '<p>{{Full Name}} {{Response ID}}</p>' }],
      [{ label: 'Full Name', type: 'text', required: true, placeHolder: '', isRemoved: false }],
      {
        id: 'r1',
        answers: { 'Full Name': 'A<b>' },
        createdAt: '2026-01-01T00:00:00.000Z',
        signatureUrl: null,
      },
      { now: new Date('2026-01-02T00:00:00Z'), timeZone: 'UTC' },
    );
    expect(entries).toEqual([
      {
        templateId: 't1',
        name: 'Certificate',
        content: '<p>{{Full Name}} {{Response ID}}</p>',
        contentWithUserResponse: '<p>A&lt;b&gt; r1</p>',
      },
    ]);
  });
});
