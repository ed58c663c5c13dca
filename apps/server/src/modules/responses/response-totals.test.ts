import { describe, expect, it } from 'vitest';
import { createResponseTotals } from './response-totals.js';

/** A fake table of created times, counting what each call had to read. */
function table(times: string[]) {
  const reads: number[] = [];
  return {
    times,
    reads,
    pages: {
      async countCreatedBetween(_owner: string, _form: string, from?: string, before?: string) {
        const matched = times.filter(
          (t) => (from === undefined || t >= from) && (before === undefined || t < before),
        );
        reads.push(matched.length);
        return matched.length;
      },
    },
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe('response totals', () => {
  it('counts old rows once, then only the rows that crossed the settle window and the recent ones', async () => {
    const t = table(Array.from({ length: 1000 }, (_, i) => at(i % 100)));
    let now = new Date(Date.UTC(2026, 0, 1, 2, 0));
    const totals = createResponseTotals({ pages: t.pages, now: () => now, settleMs: 10 * 60_000 });

    expect(await totals.total('o', 'f')).toBe(1000);
    expect(t.reads).toEqual([1000, 0]);
    t.reads.length = 0;

    // New rows arrive; the old part is not read again.
    t.times.push(at(115), at(119));
    now = new Date(Date.UTC(2026, 0, 1, 2, 1));
    expect(await totals.total('o', 'f')).toBe(1002);
    expect(t.reads).toEqual([0, 2]);
    t.reads.length = 0;

    // Time passes: the two rows cross the window and are added to the kept part.
    now = new Date(Date.UTC(2026, 0, 1, 2, 40));
    expect(await totals.total('o', 'f')).toBe(1002);
    expect(t.reads).toEqual([2, 0]);
  });

  it('keeps the kept part per owner and form: another key counts afresh', async () => {
    const t = table([at(1)]);
    const totals = createResponseTotals({ pages: t.pages, now: () => new Date(Date.UTC(2026, 0, 2)) });
    expect(await totals.total('o', 'f')).toBe(1);
    t.times.push(at(2));
    // A backdated row (which the server never writes) is not seen by the kept part of 'f'; 'g' counts afresh.
    expect(await totals.total('o', 'f')).toBe(1);
    expect(await totals.total('o', 'g')).toBe(2);
    expect(await totals.total('x', 'f')).toBe(2);
  });

  it('sees a row created inside the window even when it became visible late', async () => {
    const t = table([]);
    let now = new Date(Date.UTC(2026, 0, 1, 1, 0));
    const totals = createResponseTotals({ pages: t.pages, now: () => now, settleMs: 10 * 60_000 });
    expect(await totals.total('o', 'f')).toBe(0);
    // A row stamped 00:58 commits at 01:01 (group commit): still inside the window, so it is counted.
    t.times.push(at(58));
    now = new Date(Date.UTC(2026, 0, 1, 1, 1));
    expect(await totals.total('o', 'f')).toBe(1);
    now = new Date(Date.UTC(2026, 0, 1, 3, 0));
    expect(await totals.total('o', 'f')).toBe(1);
  });
});
