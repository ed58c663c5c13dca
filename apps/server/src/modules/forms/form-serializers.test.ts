import { describe, expect, it } from 'vitest';
import { answersFromJson, toFormListItem } from './form-serializers.js';

describe('answersFromJson', () => {
  it('answers the label → text map', () => {
    expect(answersFromJson('{"Full Name":"Ada","Email":"ada@example.com"}')).toEqual({
      'Full Name': 'Ada',
      Email: 'ada@example.com',
    });
  });

  it('shows nothing that is not text, and nothing for unreadable JSON', () => {
    expect(answersFromJson('{"a":"x","b":1,"c":null,"d":{"e":"f"}}')).toEqual({ a: 'x' });
    expect(answersFromJson('["x"]')).toEqual({});
    expect(answersFromJson('nope')).toEqual({});
  });
});

describe('toFormListItem', () => {
  it('turns PostgreSQL bigint counts into numbers and builds the links', () => {
    const item = toFormListItem(
      {
        id: 'i',
        form_id: 'abcdefghijkl',
        name: 'N & M',
        google_sheets_url: '',
        sheet_name: '',
        status: 'Active',
        created_at: '2026-01-01T00:00:00.000Z',
        response_count: '42',
      },
      'https://f.example',
    );
    expect(item.responseCount).toBe(42);
    expect(item.openFormUrl).toBe('https://f.example/form/abcdefghijkl');
    expect(item.iframeCode).toContain('title="N &amp; M"');
  });
});
