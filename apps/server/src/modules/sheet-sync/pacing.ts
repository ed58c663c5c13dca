/**
 * Write pacing (pure, clock injected): at most one write per spreadsheet per interval, and a sliding
 * one-minute budget shared by every spreadsheet, because Google counts quota per user and the service
 * account is one user for every customer (reference 1f: 60 writes and 60 reads per minute per user).
 */
export class SlidingWindowBudget {
  readonly #stamps: number[] = [];

  constructor(
    readonly perWindow: number,
    readonly windowMs = 60_000,
  ) {}

  #prune(now: number) {
    while (this.#stamps.length > 0 && (this.#stamps[0] ?? 0) <= now - this.windowMs) this.#stamps.shift();
  }

  /** How many calls may start now. */
  available(now: number): number {
    this.#prune(now);
    return Math.max(0, this.perWindow - this.#stamps.length);
  }

  /** Milliseconds until one call may start (0 = now). */
  waitMs(now: number): number {
    if (this.available(now) > 0) return 0;
    const oldest = this.#stamps[this.#stamps.length - this.perWindow] ?? now;
    return Math.max(1, oldest + this.windowMs - now);
  }

  /** Records a call made at `now`. */
  take(now: number): void {
    this.#prune(now);
    this.#stamps.push(now);
  }
}

/** Per-spreadsheet spacing of writes, plus a cool-down after Google said "too many requests". */
export class SpreadsheetPacer {
  readonly #nextAt = new Map<string, number>();

  constructor(readonly minIntervalMs: number) {}

  /** Whether a write to this spreadsheet may start at `now`. */
  ready(spreadsheetId: string, now: number): boolean {
    return (this.#nextAt.get(spreadsheetId) ?? 0) <= now;
  }

  /** Spreadsheets that may not be written at `now`. */
  busy(now: number): string[] {
    const busy: string[] = [];
    for (const [id, at] of this.#nextAt) {
      if (at > now) busy.push(id);
      else this.#nextAt.delete(id);
    }
    return busy;
  }

  /** Records a write to this spreadsheet at `now` (or holds it back until `until`, if later). */
  wrote(spreadsheetId: string, now: number, until = now + this.minIntervalMs): void {
    const next = Math.max(until, now + this.minIntervalMs, this.#nextAt.get(spreadsheetId) ?? 0);
    this.#nextAt.set(spreadsheetId, next);
  }

  /** Milliseconds until the earliest busy spreadsheet is free (undefined when none is busy). */
  nextFreeInMs(now: number): number | undefined {
    const waits = this.busy(now).map((id) => (this.#nextAt.get(id) ?? now) - now);
    return waits.length > 0 ? Math.min(...waits) : undefined;
  }
}
