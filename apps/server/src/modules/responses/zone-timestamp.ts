/**
 * 'YYYY-MM-DD HH:mm:ss' (24-hour) of an instant in an IANA time zone, for the export's readable column.
 *
 * Intl's formatToParts per row was the export's largest cost after reading the rows (a CPU profile of the
 * 100,000-row export, docs/performance.md). A zone's offset from UTC changes only at its transitions, so
 * the offset is asked of Intl once per zone and 15-minute window of UTC time and the wall-clock fields
 * come from plain arithmetic. A window is trusted only when the offset is the same at its start and at
 * its end; otherwise (a transition inside it) each instant is asked of Intl itself. Rows of an export come
 * in time order, so consecutive rows share a window.
 */
const WINDOW_MS = 15 * 60_000;

interface ZoneCache {
  formatter: Intl.DateTimeFormat;
  /** Offset in ms of each window start (index: window number), or null when a transition falls inside it. */
  windows: Map<number, number | null>;
}

// Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept. Zones are few, but
// the name is the client's and Intl accepts any letter case ('eUrOpE/bErLiN'), so the cache is bounded.
const zones = new Map<string, ZoneCache>();
const ZONES_MAX = 100;
/**
 * Windows kept over all zones together (a bound per zone would allow 100 times as many, as the zone is
 * the client's choice). Past it every zone's windows are forgotten: an export in time order asks Intl
 * again twice per window, which is cheap. About 1 MB at most.
 */
const WINDOWS_MAX = 20_000;
let windowsKept = 0;

/** The wall-clock fields of `date` in the zone of `formatter`, as Intl gives them. */
function intlFields(formatter: Intl.DateTimeFormat, date: Date): string {
  const parts = formatter.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  // Older ICU data wrote midnight as 24 even with h23: read it as 00 either way.
  const hour = part('hour') === '24' ? '00' : part('hour');
  return `${part('year')}-${part('month')}-${part('day')} ${hour}:${part('minute')}:${part('second')}`;
}

/** The zone's offset from UTC at `ms`, in ms (whole seconds: tzdb offsets have no fractions of them). */
function offsetAt(formatter: Intl.DateTimeFormat, ms: number): number {
  const wall = intlFields(formatter, new Date(ms));
  const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The zone's offset from UTC at `ms`, in ms (negative west of Greenwich), as Intl gives it: the one
 * reading of an offset that the export's timestamps and the digests' periods (deliveries/zone-periods.ts)
 * share, with this file's kept formatters.
 */
export function zoneOffsetAt(timeZone: string, ms: number): number {
  return offsetAt(zoneFor(timeZone).formatter, ms);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The fields of a UTC date shifted by the offset: what Intl writes, without asking it. */
function shiftedFields(ms: number, offset: number): string {
  const d = new Date(ms + offset);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

function zoneFor(timeZone: string): ZoneCache {
  let zone = zones.get(timeZone);
  if (!zone) {
    if (zones.size >= ZONES_MAX) {
      zones.clear();
      windowsKept = 0;
    }
    zone = {
      formatter: new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
      windows: new Map(),
    };
    zones.set(timeZone, zone);
  }
  return zone;
}

/**
 * 'YYYY-MM-DD HH:mm:ss' of `iso` in `timeZone`; an unreadable stored value is given as stored. The zone
 * was checked by the query schema (isKnownTimeZone).
 */
export function readableTimestamp(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const zone = zoneFor(timeZone);
  // Years outside 1000-9999 are written by Intl in its own way: asked of it, not computed.
  if (ms < -30_610_224_000_000 || ms >= 253_402_300_800_000) return intlFields(zone.formatter, new Date(ms));
  const window = Math.floor(ms / WINDOW_MS);
  let offset = zone.windows.get(window);
  if (offset === undefined) {
    const start = offsetAt(zone.formatter, window * WINDOW_MS);
    const end = offsetAt(zone.formatter, (window + 1) * WINDOW_MS - 1000);
    offset = start === end ? start : null;
    if (windowsKept >= WINDOWS_MAX) {
      for (const kept of zones.values()) kept.windows.clear();
      windowsKept = 0;
    }
    zone.windows.set(window, offset);
    windowsKept += 1;
  }
  return offset === null ? intlFields(zone.formatter, new Date(ms)) : shiftedFields(ms, offset);
}
