import { GoogleApiError } from '../google-errors.js';
import { type CellBounds, formatOpenBounds, parseA1, quoteSheetName } from './a1-range.js';
import type { SheetProperties, SpreadsheetMeta } from './spreadsheet-model.js';

/** A range with its sheet found and its bounds closed to the sheet's grid. */
export interface ResolvedRange {
  sheet: SheetProperties;
  /** The bounds as written (open ends stay open), for messages. */
  requested: CellBounds;
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

/** Google's 400 for a range naming no sheet or not being A1; batch calls prefix e.g. "Invalid ranges[0]: ". */
export function unableToParseRange(text: string, prefix = ''): GoogleApiError {
  return GoogleApiError.of(400, `${prefix}Unable to parse range: ${text}`, 'INVALID_ARGUMENT');
}

/** Sheets are matched by exact title first, then ignoring case (as Google does). */
export function findSheetByTitle(meta: SpreadsheetMeta, title: string): SheetProperties | undefined {
  return (
    meta.sheets.find((sheet) => sheet.title === title) ??
    meta.sheets.find((sheet) => sheet.title.toLowerCase() === title.toLowerCase())
  );
}

/** The first sheet by index: ranges without a sheet name refer to it. */
export function firstSheet(meta: SpreadsheetMeta): SheetProperties {
  const sorted = [...meta.sheets].sort((a, b) => a.index - b.index);
  const first = sorted[0];
  if (!first) throw GoogleApiError.of(500, 'Internal error encountered.');
  return first;
}

/**
 * Finds an A1 range's sheet and cells. With `checkGrid`, a range reaching past the grid is Google's
 * "exceeds grid limits" 400 (reads and updates); appends pass false because they grow the grid.
 */
export function resolveRange(
  meta: SpreadsheetMeta,
  text: string,
  options: { prefix?: string; checkGrid?: boolean } = {},
): ResolvedRange {
  const parsed = parseA1(text);
  if (!parsed) throw unableToParseRange(text, options.prefix);
  let sheet: SheetProperties | undefined;
  let bounds: CellBounds | undefined;
  if (parsed.kind === 'sheet') {
    sheet = findSheetByTitle(meta, parsed.sheetName);
    bounds = parsed.bounds;
  } else {
    // A bare word is a sheet's name when such a sheet exists, otherwise cells of the first sheet.
    sheet = findSheetByTitle(meta, parsed.text);
    if (!sheet && parsed.bounds) {
      sheet = firstSheet(meta);
      bounds = parsed.bounds;
    }
  }
  if (!sheet) throw unableToParseRange(text, options.prefix);
  const requested = bounds ?? { startRow: 0, startCol: 0, endRow: undefined, endCol: undefined };
  const resolved: ResolvedRange = {
    sheet,
    requested,
    startRow: requested.startRow,
    startCol: requested.startCol,
    endRow: requested.endRow ?? sheet.rowCount - 1,
    endCol: requested.endCol ?? sheet.columnCount - 1,
  };
  if ((options.checkGrid ?? true) && exceedsGrid(resolved))
    throw gridLimitError(sheet, requested, options.prefix);
  return resolved;
}

function exceedsGrid(range: ResolvedRange): boolean {
  return (
    range.startRow >= range.sheet.rowCount ||
    range.startCol >= range.sheet.columnCount ||
    range.endRow >= range.sheet.rowCount ||
    range.endCol >= range.sheet.columnCount
  );
}

/** `Range ('Sheet1'!AA1) exceeds grid limits. Max rows: 1000, max columns: 26` */
export function gridLimitError(sheet: SheetProperties, bounds: CellBounds, prefix = ''): GoogleApiError {
  const name = quoteSheetName(sheet.title).startsWith("'") ? quoteSheetName(sheet.title) : `'${sheet.title}'`;
  return GoogleApiError.of(
    400,
    `${prefix}Range (${name}!${formatOpenBounds(bounds)}) exceeds grid limits. Max rows: ${sheet.rowCount}, max columns: ${sheet.columnCount}`,
    'INVALID_ARGUMENT',
  );
}
