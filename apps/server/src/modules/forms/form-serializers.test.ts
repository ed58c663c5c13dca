import { describe, expect, it } from 'vitest';
import { fieldsFromJson, toFormListItem } from './form-serializers.js';

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

describe('fieldsFromJson', () => {
  it('reads a stored id that is not a field id as missing: the field gets its position’s id, never a 500', () => {
    const stored = JSON.stringify([
      { id: 'my field', label: 'Name', type: 'text' },
      { id: 'kept_1', label: 'Email', type: 'email' },
      { id: 42, label: 'Age', type: 'number' },
    ]);
    expect(fieldsFromJson(stored).map((field) => field.id)).toEqual(['field-1', 'kept_1', 'field-3']);
  });
});
