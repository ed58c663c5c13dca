// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, SubmissionAttempts } from './idempotency';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('SubmissionAttempts', () => {
  it('reuses the key when the same attempt is retried after a network error', () => {
    const attempts = new SubmissionAttempts(counter());
    expect(attempts.keyFor('a')).toBe('key-1');
    // No settle(): the request got no reply. The retry sends the same key.
    expect(attempts.keyFor('a')).toBe('key-1');
  });

  it('makes a fresh key after the attempt is settled', () => {
    const attempts = new SubmissionAttempts(counter());
    attempts.keyFor('a');
    attempts.settle();
    expect(attempts.keyFor('a')).toBe('key-2');
  });

  it('makes a fresh key when the answers changed before the retry', () => {
    const attempts = new SubmissionAttempts(counter());
    attempts.keyFor('a');
    expect(attempts.keyFor('b')).toBe('key-2');
  });

  it('uses random UUID-like keys long enough for the server (8+ characters)', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(8);
  });
});
