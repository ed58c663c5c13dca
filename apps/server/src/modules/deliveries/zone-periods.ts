/**
 * Hours and days as a time zone's clock shows them, as instants: a digest's period in the owner's zone.
 * Intl gives a zone's offset at an instant (no zone database of our own); the rest is arithmetic.
 */
import { zoneOffsetAt } from '../responses/zone-timestamp.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** How far the zone's clock is ahead of UTC at this instant, in ms (the one reading, zone-timestamp.ts). */
const zoneOffsetMs = (instantMs: number, timeZone: string): number => zoneOffsetAt(timeZone, instantMs);

/**
 * The first instant at which the zone's clock shows `wallMs` (a wall-clock time written as if it were UTC)
 * or later: the start of a day. Where the clock skips that time (Santiago's midnight when summer time
 * begins) it is the jump; where the clock shows it twice (Havana's midnight when summer time ends) it is
 * the first time. Away from a clock change (the usual case) two offset reads answer; within three hours of
 * one (every change is at most two hours) a binary search over the seconds does.
 */
function firstInstantShowing(wallMs: number, timeZone: string): number {
  const guess = wallMs - zoneOffsetMs(wallMs - zoneOffsetMs(wallMs, timeZone), timeZone);
  const around = 3 * HOUR_MS;
  const offset = zoneOffsetMs(guess, timeZone);
  if (
    zoneOffsetMs(guess - around, timeZone) === offset &&
    zoneOffsetMs(guess + around, timeZone) === offset
  ) {
    return guess;
  }
  const shows = (ms: number) => ms + zoneOffsetMs(ms, timeZone) >= wallMs;
  let low = Math.floor((guess - around) / 1000); // shows an earlier time
  let high = Math.ceil((guess + around) / 1000); // shows it or later
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (shows(middle * 1000)) high = middle;
    else low = middle;
  }
  return high * 1000;
}

/**
 * Where the offset changes between `fromMs` and `toMs` (whose offsets differ): the first instant after
 * `fromMs` with `toMs`'s offset, or, with `leaving`, the first one without that offset. Offsets change
 * at whole seconds, so a binary search over the seconds finds it in about twenty reads.
 */
function firstInstantWithOffset(fromMs: number, toMs: number, timeZone: string, leaving?: number): number {
  const changed = (ms: number) =>
    leaving === undefined
      ? zoneOffsetMs(ms, timeZone) === zoneOffsetMs(toMs, timeZone)
      : zoneOffsetMs(ms, timeZone) !== leaving;
  let low = Math.floor(fromMs / 1000); // not changed
  let high = Math.ceil(toMs / 1000); // changed
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (changed(middle * 1000)) high = middle;
    else low = middle;
  }
  return high * 1000;
}

/**
 * The hour or the day of the zone's clock that holds `instantMs`, as [start, end) instants. An hour starts
 * when the clock shows a whole hour (at half past in UTC for India's zone) and lasts 60 minutes, unless a
 * clock change of half an hour cuts it in two; a day runs from midnight to midnight, 23 or 25 hours on the
 * days the clocks change.
 */
export function zonePeriodOf(instantMs: number, frequency: 'hourly' | 'daily', timeZone: string): ZonePeriod {
  // Responses come in runs of one form's period: the last period found per zone answers most of them
  // with a comparison instead of three to six reads of Intl.
  const cacheKey = `${frequency} ${timeZone}`;
  const last = lastPeriods.get(cacheKey);
  if (last && last.startMs <= instantMs && instantMs < last.endMs) return last;
  const period = computePeriod(instantMs, frequency, timeZone);
  if (lastPeriods.size >= 1_000) lastPeriods.clear();
  lastPeriods.set(cacheKey, period);
  return period;
}

export interface ZonePeriod {
  readonly startMs: number;
  readonly endMs: number;
}

/** The last period found, per frequency and zone (validated names, few; emptied past a thousand all the same). */
const lastPeriods = new Map<string, ZonePeriod>();

function computePeriod(instantMs: number, frequency: 'hourly' | 'daily', timeZone: string): ZonePeriod {
  const offset = zoneOffsetMs(instantMs, timeZone);
  const wall = instantMs + offset;
  if (frequency === 'hourly') {
    let startMs = instantMs - (((wall % HOUR_MS) + HOUR_MS) % HOUR_MS);
    let endMs = startMs + HOUR_MS;
    // A clock change by a part of an hour (Lord Howe Island's half hour) inside the hour splits it at
    // the change, so the hours on either side still follow one another without overlapping.
    if (zoneOffsetMs(startMs, timeZone) !== offset)
      startMs = firstInstantWithOffset(startMs, instantMs, timeZone);
    if (zoneOffsetMs(endMs - 1, timeZone) !== offset)
      endMs = firstInstantWithOffset(instantMs, endMs - 1, timeZone, offset);
    return { startMs, endMs };
  }
  const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
  return {
    startMs: firstInstantShowing(midnight, timeZone),
    endMs: firstInstantShowing(midnight + DAY_MS, timeZone),
  };
}
