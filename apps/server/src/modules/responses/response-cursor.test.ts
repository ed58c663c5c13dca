import { describe, expect, it } from 'vitest';
import { createCursorCodec } from './response-cursor.js';

const codec = createCursorCodec('a-test-secret');
const cursor = { createdAt: '2026-11-25T10:00:00.123Z', id: '3f1c9e4a-8b7d-4c2e-9f10-1234567890ab' };

describe('response cursor codec', () => {
  it('round-trips a position and is opaque (base64url)', () => {
    const text = codec.encode(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(text).not.toContain(cursor.id);
    expect(codec.decode(text)).toEqual(cursor);
    expect(text.length).toBeLessThan(300);
  });

  it('rejects a cursor whose payload was changed, even with a valid shape', () => {
    const [, signature] = codec.encode(cursor).split('.');
    const forged = Buffer.from(JSON.stringify({ c: '2099-01-01T00:00:00.000Z', i: cursor.id })).toString(
      'base64url',
    );
    expect(codec.decode(`${forged}.${signature}`)).toBeUndefined();
  });

  it('rejects a flipped signature character, a missing signature and extra parts', () => {
    const text = codec.encode(cursor);
    const last = text.at(-2) === 'A' ? 'B' : 'A';
    expect(codec.decode(`${text.slice(0, -2)}${last}${text.at(-1)}`)).toBeUndefined();
    expect(codec.decode(text.split('.')[0] ?? '')).toBeUndefined();
    expect(codec.decode(`${text}.x`)).toBeUndefined();
    expect(codec.decode('')).toBeUndefined();
    expect(codec.decode('.')).toBeUndefined();
    expect(codec.decode('not a cursor')).toBeUndefined();
  });

  it("rejects another server's cursor", () => {
    expect(createCursorCodec('another-secret').decode(codec.encode(cursor))).toBeUndefined();
  });

  it('rejects a correctly signed payload of the wrong shape', () => {
    for (const bad of [
      { createdAt: "2026-01-01' OR 1=1 --", id: 'x' },
      { createdAt: '2026-11-25T10:00:00.000Z', id: "x' OR '1'='1" },
      { createdAt: 'yesterday', id: 'abc' },
      { createdAt: '2026-11-25T10:00:00.000Z', id: '' },
    ]) {
      expect(codec.decode(codec.encode(bad))).toBeUndefined();
    }
  });
});
