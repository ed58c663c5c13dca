import { describe, expect, it } from 'vitest';
import { createContactCursorCodec } from './contact-cursor.js';

describe('contact cursors', () => {
  const codec = createContactCursorCodec('x'.repeat(32));
  const position = { createdAt: '2025-03-01T10:00:00.000Z', id: 'b3c2c1a0-0000-4000-8000-000000000001' };

  it('round-trips a position', () => {
    expect(codec.decode(codec.encode(position))).toEqual(position);
  });

  it('refuses tampered, truncated and foreign cursors', () => {
    const text = codec.encode(position);
    const [payload = '', signature = ''] = text.split('.');
    const forged = Buffer.from(JSON.stringify({ c: '2099-01-01T00:00:00.000Z', i: position.id })).toString(
      'base64url',
    );
    expect(codec.decode(`${forged}.${signature}`)).toBeUndefined();
    expect(codec.decode(payload)).toBeUndefined();
    expect(codec.decode(`${text}.x`)).toBeUndefined();
    expect(codec.decode('not a cursor')).toBeUndefined();
    expect(createContactCursorCodec('y'.repeat(32)).decode(text)).toBeUndefined();
  });
});
