import { DIGEST_TIME_ZONE_MESSAGE, type FormSettings, isKnownTimeZone } from '@sheetforms/contract';
import { badRequest } from '../../http/http-error.js';

/** A digest's time zone must be one Intl knows: checked when settings are saved, so the owner hears of it. */
export function requireKnownDigestZone(settings: Partial<FormSettings>): void {
  const zone = settings.ownerDigestTimeZone;
  if (zone === undefined || isKnownTimeZone(zone)) return;
  throw badRequest('VALIDATION_FAILED', DIGEST_TIME_ZONE_MESSAGE, [
    { path: 'body.settings.ownerDigestTimeZone', message: DIGEST_TIME_ZONE_MESSAGE },
  ]);
}

/** The zone a digest is planned in: the owner's when this server knows it, else UTC. */
export function digestZoneOf(settings: Pick<FormSettings, 'ownerDigestTimeZone'>): string {
  const zone = settings.ownerDigestTimeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}
