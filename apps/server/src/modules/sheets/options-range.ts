import { OPTION_LIMITS, type OptionsFrom, OptionsFromSchema } from '@sheetforms/contract';
import { columnLetter, quoteSheetName } from '../../google/a1-notation.js';
import type { SpreadsheetSheetWithGrid } from '../../google/sheets-client.js';

/** A dropdown's range is read for the preview up to this many cells: 500 options, blanks and repeats. */
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

/** A range split into its sheet's title and 1-based cell bounds (an open end is undefined). */
interface ParsedRange {
  sheetTitle: string;
  startColumn: number;
  endColumn: number;
  startRow: number;
  endRow: number | undefined;
}

const CELLS = /^([A-Za-z]{1,3})(\d*)(?::([A-Za-z]{1,3})(\d*))?$/;

function parseRange(range: string): ParsedRange | undefined {
  const bang = range.lastIndexOf('!');
  if (bang === -1) return undefined;
  const sheetPart = range.slice(0, bang);
  const sheetTitle =
    sheetPart.startsWith("'") && sheetPart.endsWith("'")
      ? sheetPart.slice(1, -1).replaceAll("''", "'")
      : sheetPart;
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

/**
 * The part of an options range the preview reads: within its sheet's grid (Google refuses a read that
 * reaches past it) and at most OPTIONS_READ_CELLS cells, so a 'Lists!A:A' over 100,000 rows costs what a
 * short list does. Undefined when the sheet does not exist or the range starts past its grid.
 */
export function boundedOptionsRead(
  range: string,
  sheets: readonly SpreadsheetSheetWithGrid[],
): string | undefined {
  const parsed = parseRange(range);
  if (!parsed) return undefined;
  const lower = parsed.sheetTitle.toLowerCase();
  const sheet =
    sheets.find((s) => s.title === parsed.sheetTitle) ?? sheets.find((s) => s.title.toLowerCase() === lower);
  if (!sheet || parsed.startRow > sheet.rowCount || parsed.startColumn > sheet.columnCount) return undefined;
  const endColumn = Math.min(
    parsed.endColumn,
    sheet.columnCount,
    parsed.startColumn + OPTIONS_READ_CELLS - 1,
  );
  const width = endColumn - parsed.startColumn + 1;
  const endRow = Math.min(
    parsed.endRow ?? sheet.rowCount,
    sheet.rowCount,
    parsed.startRow + Math.floor(OPTIONS_READ_CELLS / width) - 1,
  );
  return `${quoteSheetName(sheet.title)}!${columnLetter(parsed.startColumn)}${parsed.startRow}:${columnLetter(endColumn)}${endRow}`;
}
