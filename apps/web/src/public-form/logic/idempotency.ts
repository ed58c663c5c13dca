/**
 * One idempotency key per submission attempt. A retry of the same attempt after a network error (no
 * reply, so the first request may or may not have been stored) reuses the key, so the server answers
 * the stored response instead of storing a second one. Any other outcome ends the attempt: the next
 * submit, or a retry with different answers, gets a fresh key.
 */
export class SubmissionAttempts {
  private pending: { key: string; fingerprint: string } | null = null;
  private readonly makeKey: () => string;

  constructor(makeKey: () => string = newIdempotencyKey) {
    this.makeKey = makeKey;
  }

  /** The key for sending this payload now. */
  keyFor(fingerprint: string): string {
    if (this.pending && this.pending.fingerprint === fingerprint) return this.pending.key;
    this.pending = { key: this.makeKey(), fingerprint };
    return this.pending.key;
  }

  /** The attempt got an answer (success or a server error): the next submit is a new attempt. */
  settle(): void {
    this.pending = null;
  }
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // crypto.randomUUID needs a secure context; plain-http hosts other than localhost fall back here.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
