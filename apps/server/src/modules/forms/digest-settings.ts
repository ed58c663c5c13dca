import { DIGEST_TIME_ZONE_MESSAGE, type FormSettings, isKnownTimeZone } from '@sheetforms/contract';
import { badRequest } from '../../http/http-error.js';

/**
 * A digest's time zone must be one Intl knows: checked when settings are saved, so the owner hears of it.
 * A known one is stored as Intl spells it (`utc` → `UTC`, `europe/berlin` → `Europe/Berlin`), so one zone
 * gives one digest key however a client wrote it. Rewrites `settings` in place.
 */
export function normaliseDigestZone(settings: Partial<FormSettings>): void {
  const zone = settings.ownerDigestTimeZone;
  if (zone === undefined) return;
  if (!isKnownTimeZone(zone)) {
    throw badRequest('VALIDATION_FAILED', DIGEST_TIME_ZONE_MESSAGE, [
      { path: 'body.settings.ownerDigestTimeZone', message: DIGEST_TIME_ZONE_MESSAGE },
    ]);
  }
  settings.ownerDigestTimeZone = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
  }).resolvedOptions().timeZone;
}

/** The zone a digest is planned in: the owner's when this server knows it, else UTC. */
export function digestZoneOf(settings: Pick<FormSettings, 'ownerDigestTimeZone'>): string {
  const zone = settings.ownerDigestTimeZone;
  return zone && knownZone(zone) ? zone : 'UTC';
}

/**
 * Whether Intl knows the zone, remembered: asking builds a formatter (a tenth of a millisecond), and the
 * planner asks for every response of a digest form, the Responses page for every digest key of a page.
 * Stored names were validated, so few distinct ones come; the map is emptied past a thousand all the same.
 */
export function knownZone(timeZone: string): boolean {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    if (knownZones.size >= 1_000) knownZones.clear();
    known = isKnownTimeZone(timeZone);
    knownZones.set(timeZone, known);
  }
  return known;
}
const knownZones = new Map<string, boolean>();
