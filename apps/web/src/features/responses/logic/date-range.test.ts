// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { DATE_RANGE_ORDER_ERROR, localDateRangeToInstants } from './date-range';

const originalTz = process.env.TZ;

afterEach(() => {
  // Assigning undefined would set the string 'undefined'; the files after this one share the process.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('localDateRangeToInstants', () => {
  it('covers whole local days, both ends inclusive', () => {
    expect(localDateRangeToInstants({ from: '2026-11-01', to: '2026-11-25' })).toEqual({
      ok: true,
      from: new Date(2026, 10, 1, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 10, 25, 23, 59, 59, 999).toISOString(),
    });
  });

  it("uses the owner's time zone, not UTC", () => {
    // Node reads TZ again when it changes, so this runs as in a browser in New York.
    process.env.TZ = 'America/New_York';
    expect(localDateRangeToInstants({ from: '2026-11-25', to: '2026-11-25' })).toEqual({
      ok: true,
      from: '2026-11-25T05:00:00.000Z',
      to: '2026-11-26T04:59:59.999Z',
    });
  });

  it('spans a 25-hour day at the end of daylight saving time exactly', () => {
    process.env.TZ = 'Europe/Paris';
    const range = localDateRangeToInstants({ from: '2026-10-25', to: '2026-10-25' });
    expect(range).toEqual({ ok: true, from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T22:59:59.999Z' });
  });

  it('leaves out an empty or impossible end', () => {
    expect(localDateRangeToInstants({ from: '', to: '' })).toEqual({ ok: true });
    expect(localDateRangeToInstants({ from: '2026-02-31', to: 'soon' })).toEqual({ ok: true });
    const onlyTo = localDateRangeToInstants({ from: '', to: '2026-01-31' });
    expect(onlyTo).toEqual({ ok: true, to: new Date(2026, 0, 31, 23, 59, 59, 999).toISOString() });
  });

  it('rejects a start after the end', () => {
    expect(localDateRangeToInstants({ from: '2026-11-26', to: '2026-11-25' })).toEqual({
      ok: false,
      error: DATE_RANGE_ORDER_ERROR,
    });
  });
});
