/** The responses page's date texts, in the owner's locale and time zone. */

const timestampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function parse(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A response's Timestamp cell, e.g. "Nov 25, 2026, 9:41 AM"; an unreadable value is shown as sent. */
export function formatTimestamp(iso: string): string {
  const date = parse(iso);
  return date ? timestampFormat.format(date) : iso;
}

/** The 'Latest Response' card: the newest response's date (spec 001); an unreadable value is shown as sent. */
export function formatDay(iso: string): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : iso;
}

/** The newest of the given creation times (the API already sends newest first; this does not rely on it). */
export function newestCreatedAt(items: readonly { createdAt: string }[]): string | undefined {
  let newest: { at: number; iso: string } | undefined;
  for (const item of items) {
    const at = Date.parse(item.createdAt);
    if (Number.isNaN(at)) continue;
    if (!newest || at > newest.at) newest = { at, iso: item.createdAt };
  }
  return newest?.iso;
}
