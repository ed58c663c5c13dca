/**
 * Dates as a spreadsheet writes them. Google formats dates and reads typed ones in the spreadsheet's
 * locale: en_US writes 1/15/2026, en_GB and most others 15/01/2026, Japanese, Chinese, Korean and a few
 * others 2026/01/15. ISO 2026-01-15 reads the same everywhere.
 */
export type DateOrder = 'MDY' | 'DMY' | 'YMD';

/** Locales whose short dates put the month first; Google's default locale is en_US. */
const MONTH_FIRST = new Set(['en_US', 'en_PH', 'es_US', 'fil_PH', 'en']);
/** Languages whose short dates put the year first (by language, whatever the region). */
const YEAR_FIRST_LANGUAGES = new Set(['ja', 'zh', 'ko', 'hu', 'lt', 'mn', 'sv']);
const YEAR_FIRST_LOCALES = new Set(['fr_CA', 'en_CA']);

/** The day order of a Google locale such as 'en_US' or 'de_DE' (en_US's when Google gives none). */
export function dateOrderOf(locale: string | undefined): DateOrder {
  if (!locale) return 'MDY';
  const normalised = locale.replace('-', '_');
  if (MONTH_FIRST.has(normalised)) return 'MDY';
  const language = normalised.split('_')[0] ?? '';
  if (YEAR_FIRST_LOCALES.has(normalised) || YEAR_FIRST_LANGUAGES.has(language)) return 'YMD';
  return 'DMY';
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
/** Three groups of digits split by '/', '.' or '-' (one kind of separator), a trailing '.' allowed. */
const SHORT = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})\.?$/;
/** A formula Google keeps for a date typed as =DATE(2026,1,15). */
const DATE_FORMULA = /^=\s*DATE\s*\(\s*(\d{4})\s*[,;]\s*(\d{1,2})\s*[,;]\s*(\d{1,2})\s*\)$/i;

/**
 * The YYYY-MM-DD day a cell's or a rule's date text names, read in the spreadsheet's day order; undefined
 * when it is not a real calendar day written with a four-digit year (two-digit years are a guess).
 */
export function sheetDateToIso(text: string, order: DateOrder): string | undefined {
  const trimmed = text.trim();
  const iso = ISO.exec(trimmed) ?? DATE_FORMULA.exec(trimmed);
  if (iso) return isoDay(iso[1], iso[2], iso[3]);
  const short = SHORT.exec(trimmed);
  if (!short) return undefined;
  const [first, second, third] = [short[1], short[3], short[4]];
  if (first?.length === 4) return isoDay(first, second, third);
  if (third?.length !== 4) return undefined;
  return order === 'DMY' ? isoDay(third, second, first) : isoDay(third, first, second);
}

function isoDay(
  year: string | undefined,
  month: string | undefined,
  day: string | undefined,
): string | undefined {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (!Number.isInteger(y) || y < 1000) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
