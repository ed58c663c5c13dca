import { isSystemColumn } from '@sheetforms/contract';
import type { CellRule, GridCell } from '../../google/sheets-client.js';
import { suggestionFromData } from './data-suggestion.js';
import { suggestionFromRule } from './rule-suggestion.js';
import { dateOrderOf } from './sheet-dates.js';
import { NO_SUGGESTION, type TypeSuggestion } from './type-suggestion.js';

export interface ColumnsToSuggest {
  /** The preview's header names, one per column from A. */
  names: readonly string[];
  /** The data rows read (after the header row), each from column A, with the cells' rules if known. */
  dataRows: readonly (readonly GridCell[])[];
  sheetName: string;
  /** The spreadsheet's locale, which decides how its dates read. */
  locale: string | undefined;
}

/**
 * One suggestion per column: from the sheet's validation rule when the column has one, otherwise from
 * its values. The columns SheetForms fills in itself (Timestamp, Response ID, Signature) are never
 * questions, so they get none.
 */
export function suggestColumns(input: ColumnsToSuggest): TypeSuggestion[] {
  const dateOrder = dateOrderOf(input.locale);
  return input.names.map((name, index) => {
    if (isSystemColumn(name)) return NO_SUGGESTION;
    const cells = input.dataRows.map((row) => row[index]);
    const rule = mostCommonRule(cells.map((cell) => cell?.rule));
    if (rule) return suggestionFromRule(rule, { sheetName: input.sheetName, dateOrder });
    return suggestionFromData(
      cells.map((cell) => cell?.value ?? ''),
      dateOrder,
    );
  });
}

/**
 * The rule on most of a column's cells that have one. Rules are usually set on a whole column below its
 * header (B2:B), but a sheet may hold a stray rule on one cell or a different one on a few rows; the
 * column's rule is the one most of its rows follow. Ties go to the rule met first.
 */
export function mostCommonRule(rules: readonly (CellRule | undefined)[]): CellRule | undefined {
  const counts = new Map<string, { rule: CellRule; count: number }>();
  let best: { rule: CellRule; count: number } | undefined;
  for (const rule of rules) {
    if (!rule) continue;
    const key = JSON.stringify([
      rule.type,
      rule.values.map((value) => [value.userEnteredValue, value.relativeDate]),
    ]);
    const entry = counts.get(key) ?? { rule, count: 0 };
    entry.count++;
    counts.set(key, entry);
    if (!best || entry.count > best.count) best = entry;
  }
  return best?.rule;
}
