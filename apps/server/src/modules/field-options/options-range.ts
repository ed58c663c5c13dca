import { OPTION_LIMITS, type OptionsFrom, OptionsFromSchema } from '@sheetforms/contract';
import { columnLetter, quoteSheetName } from '../../google/a1-notation.js';
import type { SpreadsheetSheetWithGrid } from '../../google/sheets-client.js';

/** A dropdown's range is read up to this many cells (of its first column): 500 options, blanks and repeats. */
export const OPTIONS_READ_CELLS = 1000;

/**
 * The optionsFrom of a sheet's 'dropdown from a range' rule. Google keeps the range as a formula
 * ('=Lists!$A$2:$A'): the '=' and the '$' anchors go, and a range without a sheet name gets the rule's
 * own sheet (that is what it means in the sheet). Anything that is not a plain A1 range (a named range,
 * INDIRECT(…)) gives undefined: the form could not read it.
 */
export function optionsFromRuleRange(formula: string, sheetName: string): OptionsFrom | undefined {
  // A rule's formula may be long; no range a form accepts is.
  if (formula.length > OPTION_LIMITS.rangeMax * 2) return undefined;
  const text = formula.trim().replace(/^=/, '').trim();
  const bang = text.lastIndexOf('!');
  const cells = (bang === -1 ? text : text.slice(bang + 1)).replaceAll('$', '');
  const sheet = bang === -1 ? quoteSheetName(sheetName) : text.slice(0, bang);
  const parsed = OptionsFromSchema.safeParse({ range: `${sheet}!${cells}` });
  return parsed.success ? parsed.data : undefined;
}

/**
 * A range split into its sheet's title (undefined: no sheet named, which Google reads as the first sheet)
 * and 1-based cell bounds (an open end is undefined).
 */
interface ParsedRange {
  sheetTitle: string | undefined;
  startColumn: number;
  endColumn: number;
  startRow: number;
  endRow: number | undefined;
}

const CELLS = /^([A-Za-z]{1,3})(\d*)(?::([A-Za-z]{1,3})(\d*))?$/;

function parseRange(range: string): ParsedRange | undefined {
  const bang = range.lastIndexOf('!');
  const sheetPart = bang === -1 ? undefined : range.slice(0, bang);
  const sheetTitle =
    sheetPart?.startsWith("'") && sheetPart.endsWith("'") && sheetPart.length > 1
      ? sheetPart.slice(1, -1).replaceAll("''", "'")
      : sheetPart;
  if (sheetTitle === '') return undefined;
  const match = CELLS.exec(range.slice(bang + 1));
  if (!match) return undefined;
  const columns = [columnNumber(match[1] ?? ''), columnNumber(match[3] ?? match[1] ?? '')];
  const firstRow = match[2] ? Number(match[2]) : 1;
  // 'A2' alone is one cell; 'A2:A' runs to the end of the grid.
  const lastRow = match[3] === undefined ? firstRow : match[4] ? Number(match[4]) : undefined;
  const rows =
    lastRow === undefined
      ? [firstRow, undefined]
      : [Math.min(firstRow, lastRow), Math.max(firstRow, lastRow)];
  return {
    sheetTitle,
    startColumn: Math.min(...columns),
    endColumn: Math.max(...columns),
    startRow: Math.max(rows[0] ?? 1, 1),
    endRow: rows[1],
  };
}

function columnNumber(letters: string): number {
  let number = 0;
  for (const letter of letters.toUpperCase()) number = number * 26 + (letter.charCodeAt(0) - 64);
  return number;
}

/** The last row read of a range: at most OPTIONS_READ_CELLS rows of its first column. */
function lastRowRead(parsed: ParsedRange, gridRows = Number.POSITIVE_INFINITY): number {
  return Math.min(parsed.endRow ?? gridRows, gridRows, parsed.startRow + OPTIONS_READ_CELLS - 1);
}

/**
 * The cells of an options range that are ever read, without asking Google: its first column (a choice
 * field offers only that), at most OPTIONS_READ_CELLS rows, written one way. 'Lists!A2:ZZZ9999999' and
 * 'Lists!A2:A' both become "'Lists'!A2:A1001": one cache entry, one bounded read. Undefined for what is
 * not a plain A1 range.
 */
export function normalisedOptionsRange(range: string): string | undefined {
  const parsed = parseRange(range);
  if (!parsed) return undefined;
  const column = columnLetter(parsed.startColumn);
  const cells = `${column}${parsed.startRow}:${column}${lastRowRead(parsed)}`;
  return parsed.sheetTitle === undefined ? cells : `${quoteSheetName(parsed.sheetTitle)}!${cells}`;
}

/**
 * The cells of an options range read, for the preview and the live form alike: its first column, within
 * its sheet's grid (Google refuses a read that reaches past it) and at most OPTIONS_READ_CELLS rows, so a
 * 'Lists!A:Z' over 100,000 rows costs what a short list does. A range without a sheet name is the first
 * sheet's, as Google reads it. Undefined when the sheet does not exist or the range starts past its grid.
 */
export function boundedOptionsRead(
  range: string,
  sheets: readonly SpreadsheetSheetWithGrid[],
): string | undefined {
  const parsed = parseRange(range);
  if (!parsed) return undefined;
  const title = parsed.sheetTitle;
  const sheet =
    title === undefined
      ? [...sheets].sort((a, b) => a.index - b.index)[0]
      : (sheets.find((s) => s.title === title) ??
        sheets.find((s) => s.title.toLowerCase() === title.toLowerCase()));
  if (!sheet || parsed.startRow > sheet.rowCount || parsed.startColumn > sheet.columnCount) return undefined;
  const column = columnLetter(parsed.startColumn);
  return `${quoteSheetName(sheet.title)}!${column}${parsed.startRow}:${column}${lastRowRead(parsed, sheet.rowCount)}`;
}
