import { createHmac } from 'node:crypto';
import { readPrefillPayload } from '@sheetforms/contract';
import { describe, expect, it } from 'vitest';
import { createPrefillTokens } from './prefill-tokens.js';

const SECRET = 'a-server-secret-of-at-least-32-characters';
const NOW = new Date('2026-05-01T12:00:00Z');
const tokens = createPrefillTokens(SECRET, () => NOW);
const payload = { formId: 'form-1', values: { f1: 'Ada', f2: ['A', 'B'] } };

/** The payload part re-encoded with other content, the signature kept. */
function withPayload(token: string, json: object): string {
  const signature = token.split('.')[1];
  return `${Buffer.from(JSON.stringify(json)).toString('base64url')}.${signature}`;
}

describe('prefill tokens', () => {
  it('verifies its own token for its form and reads the locked answers back', () => {
    const token = tokens.sign(payload);
    expect(tokens.verify(token, 'form-1')).toEqual({
      ok: true,
      payload: { ...payload, expiresAt: undefined },
    });
    // The contract's unverified read (the page's) sees the same payload.
    expect(readPrefillPayload(token)?.values).toEqual(payload.values);
  });

  it('refuses a tampered payload', () => {
    const token = tokens.sign(payload);
    const changed = withPayload(token, { f: 'form-1', v: { f1: 'Eve', f2: ['A', 'B'] } });
    expect(tokens.verify(changed, 'form-1')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a tampered signature, a missing one, and extra parts', () => {
    const token = tokens.sign(payload);
    const [encoded, signature = ''] = token.split('.');
    // Every character of the signature matters, the last one too (base64url has spare bits there).
    for (const index of [0, signature.length - 1]) {
      const flipped = signature[index] === 'A' ? 'B' : 'A';
      const tampered = `${encoded}.${signature.slice(0, index)}${flipped}${signature.slice(index + 1)}`;
      expect(tokens.verify(tampered, 'form-1')).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(tokens.verify(`${encoded}.`, 'form-1')).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verify(`${token}.x`, 'form-1')).toEqual({ ok: false, reason: 'invalid' });
    expect(tokens.verify('not a token', 'form-1')).toEqual({ ok: false, reason: 'invalid' });
  });

  it("refuses a token on another form, even the other form's id swapped in", () => {
    const token = tokens.sign(payload);
    expect(tokens.verify(token, 'form-2')).toEqual({ ok: false, reason: 'invalid' });
    const moved = withPayload(token, { f: 'form-2', v: payload.values });
    expect(tokens.verify(moved, 'form-2')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses an expired token, and takes one until its expiry', () => {
    const inAnHour = Math.floor(NOW.getTime() / 1000) + 3600;
    const token = tokens.sign({ ...payload, expiresAt: inAnHour });
    expect(tokens.verify(token, 'form-1').ok).toBe(true);
    const later = createPrefillTokens(SECRET, () => new Date(inAnHour * 1000));
    expect(later.verify(token, 'form-1')).toEqual({ ok: false, reason: 'expired' });
    // An expiry cannot be removed or moved without the key.
    const extended = withPayload(token, { f: 'form-1', v: payload.values, e: inAnHour + 86_400 });
    expect(later.verify(extended, 'form-1')).toEqual({ ok: false, reason: 'invalid' });
  });

  it("refuses a token signed under another key, and the secret's raw HMAC (the key is derived per purpose)", () => {
    const other = createPrefillTokens('another-server-secret-of-32-characters!!', () => NOW);
    expect(tokens.verify(other.sign(payload), 'form-1')).toEqual({ ok: false, reason: 'invalid' });
    const token = tokens.sign(payload);
    const encoded = token.split('.')[0] ?? '';
    const raw = createHmac('sha256', SECRET).update(encoded).digest('base64url');
    expect(tokens.verify(`${encoded}.${raw}`, 'form-1')).toEqual({ ok: false, reason: 'invalid' });
  });
});
