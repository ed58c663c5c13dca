/** A date range as the owner picks it: two `YYYY-MM-DD` values of <input type="date">, either may be empty. */
export interface LocalDateRange {
  from: string;
  to: string;
}

export const DATE_RANGE_ORDER_ERROR = 'The start date must be on or before the end date';

export type InstantRange =
  | { ok: true; from?: string; to?: string }
  | { ok: false; error: typeof DATE_RANGE_ORDER_ERROR };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight at the start of a local calendar day, or undefined for anything but a real YYYY-MM-DD date. */
function localDayStart(value: string): Date | undefined {
  const match = DATE.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // new Date rolls 2026-02-31 over to March; such a day does not exist.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day)
    return undefined;
  return date;
}

/**
 * The picked days in the owner's own time zone, as the ISO instants the API filters on (both inclusive):
 * `from` is the first millisecond of its day, `to` the last one of its day. Local midnights are built by the
 * Date constructor, so a day that is 23 or 25 hours long (a DST change) is still covered exactly.
 */
export function localDateRangeToInstants(range: LocalDateRange): InstantRange {
  const fromDay = localDayStart(range.from);
  const toDay = localDayStart(range.to);
  if (fromDay && toDay && fromDay.getTime() > toDay.getTime())
    return { ok: false, error: DATE_RANGE_ORDER_ERROR };
  const result: { ok: true; from?: string; to?: string } = { ok: true };
  if (fromDay) result.from = fromDay.toISOString();
  if (toDay) {
    const nextDay = new Date(toDay.getFullYear(), toDay.getMonth(), toDay.getDate() + 1);
    result.to = new Date(nextDay.getTime() - 1).toISOString();
  }
  return result;
}
