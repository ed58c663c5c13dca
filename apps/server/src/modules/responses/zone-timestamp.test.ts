import { describe, expect, it } from 'vitest';
import { readableTimestamp } from './zone-timestamp.js';

const references = new Map<string, Intl.DateTimeFormat>();

/** What Intl itself writes for `ms` in `timeZone`: the answer readableTimestamp must always give. */
function fromIntl(ms: number, timeZone: string): string {
  let formatter = references.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    references.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = part('hour') === '24' ? '00' : part('hour');
  return `${part('year')}-${part('month')}-${part('day')} ${hour}:${part('minute')}:${part('second')}`;
}

// Zones with the shapes of offset there are: DST in both hemispheres, a half-hour DST step (Lord Howe),
// quarter-hour offsets (Kathmandu, Chatham), a zone west of UTC, one that changed its base offset
// (Samoa skipped 2011-12-30), and historical local mean time with seconds (Amsterdam before 1937).
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Pacific/Apia',
  'Europe/Amsterdam',
  'America/St_Johns',
];

describe('readableTimestamp', () => {
  it('writes what Intl writes, second by second around DST transitions', () => {
    // Instants every few seconds around known transitions, so windows with and without one are met.
    const transitions = [
      ['Europe/Berlin', '2026-03-29T01:00:00Z'],
      ['Europe/Berlin', '2026-10-25T01:00:00Z'],
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Sydney', '2026-04-04T16:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Pacific/Chatham', '2026-04-04T14:00:00Z'],
      ['Pacific/Apia', '2011-12-30T10:00:00Z'],
      // Transitions off the 15-minute grid of UTC (from an offset with seconds): inside a window.
      ['Europe/Amsterdam', '1937-06-30T23:40:28Z'],
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'],
    ] as const;
    for (const [zone, at] of transitions) {
      const t = Date.parse(at);
      for (let s = -3 * 3600; s <= 3 * 3600; s += 7) {
        const ms = t + s * 1000 + (s % 3) * 333;
        const iso = new Date(ms).toISOString();
        expect(readableTimestamp(iso, zone), `${zone} ${iso}`).toBe(fromIntl(ms, zone));
      }
    }
  });

  it('writes what Intl writes across years in every kind of zone, in any order', () => {
    // A deterministic spread of instants from 1900 to 2100, out of order so windows are met cold and warm.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const from = Date.parse('1900-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    for (const zone of ZONES) {
      for (let i = 0; i < 2000; i++) {
        const ms = Math.floor(from + random() * (to - from));
        const iso = new Date(ms).toISOString();
        expect(readableTimestamp(iso, zone), `${zone} ${iso}`).toBe(fromIntl(ms, zone));
      }
    }
  });

  it('gives an unreadable stored value as it is, and reads any letter case of a zone', () => {
    expect(readableTimestamp('not a date', 'UTC')).toBe('not a date');
    expect(readableTimestamp('2026-03-01T23:00:00.000Z', 'eUrOpE/bErLiN')).toBe('2026-03-02 00:00:00');
  });
});
