import { describe, expect, it } from 'vitest';
import { zoneOffsetAt } from '../responses/zone-timestamp.js';
import { zonePeriodOf } from './zone-periods.js';

const zoneOffsetMs = (ms: number, zone: string) => zoneOffsetAt(zone, ms);

const at = (iso: string) => Date.parse(iso);
const period = (iso: string, frequency: 'hourly' | 'daily', zone: string) => {
  const { startMs, endMs } = zonePeriodOf(at(iso), frequency, zone);
  return [new Date(startMs).toISOString(), new Date(endMs).toISOString()];
};

describe('zoneOffsetMs', () => {
  it("reads a zone's offset at an instant, summer and winter", () => {
    expect(zoneOffsetMs(at('2026-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(60 * 60_000);
    expect(zoneOffsetMs(at('2026-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(2 * 60 * 60_000);
    expect(zoneOffsetMs(at('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * 60 * 60_000);
    expect(zoneOffsetMs(at('2026-07-15T12:00:00.999Z'), 'Asia/Kolkata')).toBe(330 * 60_000);
    expect(zoneOffsetMs(at('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });
});

describe('zonePeriodOf', () => {
  it('is the UTC hour and day in UTC', () => {
    expect(period('2026-11-28T10:59:59.999Z', 'hourly', 'UTC')).toEqual([
      '2026-11-28T10:00:00.000Z',
      '2026-11-28T11:00:00.000Z',
    ]);
    expect(period('2026-11-28T23:30:00Z', 'daily', 'UTC')).toEqual([
      '2026-11-28T00:00:00.000Z',
      '2026-11-29T00:00:00.000Z',
    ]);
  });

  it("follows the zone's midnight: 23:30 UTC is the next day in Berlin and the same day in New York", () => {
    expect(period('2026-11-28T23:30:00Z', 'daily', 'Europe/Berlin')).toEqual([
      '2026-11-28T23:00:00.000Z',
      '2026-11-29T23:00:00.000Z',
    ]);
    expect(period('2026-11-28T23:30:00Z', 'daily', 'America/New_York')).toEqual([
      '2026-11-28T05:00:00.000Z',
      '2026-11-29T05:00:00.000Z',
    ]);
  });

  it('starts hours at half past in UTC where the clock is half an hour off (India)', () => {
    expect(period('2026-11-28T10:20:00Z', 'hourly', 'Asia/Kolkata')).toEqual([
      '2026-11-28T09:30:00.000Z',
      '2026-11-28T10:30:00.000Z',
    ]);
    expect(period('2026-11-28T10:30:00Z', 'hourly', 'Asia/Kolkata')[0]).toBe('2026-11-28T10:30:00.000Z');
  });

  it('makes the days the clocks change 23 and 25 hours long', () => {
    // Berlin: clocks go forward on 2026-03-29 and back on 2026-10-25.
    expect(period('2026-03-29T12:00:00Z', 'daily', 'Europe/Berlin')).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    expect(period('2026-10-25T12:00:00Z', 'daily', 'Europe/Berlin')).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    // Each instant of a day of 25 hours lies in it, up to the last millisecond.
    expect(period('2026-10-25T22:59:59.999Z', 'daily', 'Europe/Berlin')[0]).toBe('2026-10-24T22:00:00.000Z');
    expect(period('2026-10-25T23:00:00Z', 'daily', 'Europe/Berlin')[0]).toBe('2026-10-25T23:00:00.000Z');
  });

  it('starts a day at the jump where the clock skips midnight, and at the first midnight where it shows it twice', () => {
    // Santiago skips from 23:59:59 to 01:00 on 2026-09-06 (at 04:00 UTC); Havana shows midnight twice on
    // 2026-11-01 (at 04:00 and 05:00 UTC).
    expect(period('2026-09-06T12:00:00Z', 'daily', 'America/Santiago')).toEqual([
      '2026-09-06T04:00:00.000Z',
      '2026-09-07T03:00:00.000Z',
    ]);
    expect(period('2026-09-06T03:30:00Z', 'daily', 'America/Santiago')).toEqual([
      '2026-09-05T04:00:00.000Z',
      '2026-09-06T04:00:00.000Z',
    ]);
    expect(period('2026-11-01T05:30:00Z', 'daily', 'America/Havana')).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
    ]);
  });

  it('holds every instant, reads back from its start, and follows the period before, across a year', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'America/Santiago',
      'America/Havana',
      'Atlantic/Azores',
      'Antarctica/Troll',
    ];
    for (const zone of zones) {
      for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += 1_433 * 60_000) {
        for (const frequency of ['hourly', 'daily'] as const) {
          const { startMs, endMs } = zonePeriodOf(t, frequency, zone);
          const where = `${zone} ${frequency} ${new Date(t).toISOString()}`;
          expect(startMs <= t && t < endMs, where).toBe(true);
          // A digest's key names its start: the period read back from it is the same one.
          expect(zonePeriodOf(startMs, frequency, zone), where).toEqual({ startMs, endMs });
          // The next period starts where this one ends: no response falls between two digests.
          expect(zonePeriodOf(endMs, frequency, zone).startMs, where).toBe(endMs);
          if (frequency === 'daily') {
            // A day starts at midnight on the zone's clock, or at the jump that skips it.
            const wall = startMs + zoneOffsetMs(startMs, zone);
            expect(wall % (24 * 60 * 60_000) < 2 * 60 * 60_000, where).toBe(true);
          }
        }
      }
    }
  });
});
