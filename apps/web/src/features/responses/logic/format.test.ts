// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDay, formatTimestamp, newestCreatedAt } from './format';

describe('formatTimestamp and formatDay', () => {
  it('format in the locale and keep an unreadable value as sent', () => {
    const iso = '2026-11-25T09:41:00.000Z';
    expect(formatTimestamp(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatDay(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)),
    );
    expect(formatTimestamp('yesterday')).toBe('yesterday');
  });
});

describe('newestCreatedAt', () => {
  it('finds the newest creation time, skipping unreadable ones', () => {
    expect(
      newestCreatedAt([
        { createdAt: '2026-11-24T10:00:00.000Z' },
        { createdAt: 'garbage' },
        { createdAt: '2026-11-25T08:00:00.000Z' },
      ]),
    ).toBe('2026-11-25T08:00:00.000Z');
    expect(newestCreatedAt([])).toBeUndefined();
  });
});
