/**
 * The Timestamp column's text: `MM/DD/YYYY, hh:mm AM/PM` (e.g. `03/07/2026, 09:05 PM`), the format the
 * spec's spreadsheet script used. The time is shown in UTC unless an IANA time zone (e.g.
 * 'Europe/Berlin') is given; an unknown zone throws a RangeError (Intl's), so configure it at start-up.
 * The cell is written RAW, so Google keeps it as text and no sheet locale can reinterpret it.
 */
export function formatSheetTimestamp(instant: Date | string, timeZone = 'UTC'): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError(`not a valid instant: ${String(instant)}`);
  // The text shows minutes, and a batch's responses mostly share one: formatToParts (an array of part
  // objects; 11 % of the sheet sync's and the deliveries planner's main-thread samples under the submit
  // bench) runs once per zone and minute.
  // Every zone's offset is a whole number of minutes since 1972, so one UTC minute is one local minute.
  const minute = Math.floor(ms / 60_000);
  const last = lastMinute.get(timeZone);
  if (last?.minute === minute) return last.text;
  const text = formatMinute(date, timeZone);
  lastMinute.set(timeZone, { minute, text });
  return text;
}

/**
 * The last minute formatted, per time zone: the configured one, UTC, and the owners' digest zones
 * (validated IANA names, a few hundred at most).
 */
const lastMinute = new Map<string, { minute: number; text: string }>();

function formatMinute(date: Date, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = part('hour').padStart(2, '0');
  const dayPeriod = part('dayPeriod').toUpperCase();
  return `${part('month')}/${part('day')}/${part('year')}, ${hour}:${part('minute')} ${dayPeriod}`;
}

// Building an Intl.DateTimeFormat costs far more than using one (it loads the zone's and locale's data):
// one per time zone, reused for every row of every batch.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}
