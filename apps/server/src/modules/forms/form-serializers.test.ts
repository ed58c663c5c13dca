import { describe, expect, it } from 'vitest';
import { toFormListItem } from './form-serializers.js';

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
