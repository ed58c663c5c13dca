import type { PaperFormat } from './pdf-renderer.js';

/**
 * Regions that print on US Letter (Unicode CLDR's paper-size data); the rest of the world uses A4.
 * Belize, Canada, Chile, Colombia, Costa Rica, Guatemala, Mexico, Nicaragua, Panama, the Philippines,
 * Puerto Rico, El Salvador, the United States, Venezuela.
 */
const LETTER_REGIONS = new Set([
  'BZ',
  'CA',
  'CL',
  'CO',
  'CR',
  'GT',
  'MX',
  'NI',
  'PA',
  'PH',
  'PR',
  'SV',
  'US',
  'VE',
]);

/**
 * The owner's paper size, from the browser's Accept-Language (the server keeps no locale per owner):
 * the most preferred language decides by its region (en-US, en-CA, es-MX → Letter; de-DE, en-GB → A4).
 * Without a region ('de', 'en'), or without the header, A4: a later, less preferred 'en-US' says what
 * the reader can read, not where they live.
 */
export function paperFormatFor(acceptLanguage: string | undefined): PaperFormat {
  const region = regionOf(mostPreferredTag(acceptLanguage ?? '') ?? '');
  return region !== undefined && LETTER_REGIONS.has(region) ? 'Letter' : 'A4';
}

function mostPreferredTag(header: string): string | undefined {
  const ranges = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.q > 0)
    // Highest quality first; the header's order breaks ties.
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranges[0]?.tag;
}

/** The region subtag of a BCP 47 tag: two letters or three digits after the language (and script). */
function regionOf(tag: string): string | undefined {
  const subtags = tag.split(/[-_]/).slice(1);
  for (const subtag of subtags) {
    if (/^[a-z]{2}$/i.test(subtag) || /^\d{3}$/.test(subtag)) return subtag.toUpperCase();
    if (!/^[a-z]{4}$/i.test(subtag)) return undefined;
  }
  return undefined;
}
