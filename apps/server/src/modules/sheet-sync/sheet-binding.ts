import type { Spreadsheet, SpreadsheetSheetWithGrid } from '../../google/sheets-client.js';

/**
 * Which tab of a spreadsheet a form writes to (pure).
 *
 * A form is bound to a tab by its sheetId (the `gid` in its URL), stored when the form is bound or at its
 * first write: renaming the tab in Google, or a localized default name ('Hoja 1', 'Feuille 1'), changes
 * nothing. Only a form with no stored id yet is found by its stored title ('' meaning the first sheet),
 * as Google resolves range names: exact title first, then ignoring case. Chart sheets never count:
 * the Sheets client lists grid sheets only.
 */
export interface SheetBinding {
  /** The stored sheetId, or null when the form has none yet. */
  sheetId: number | null;
  /** The stored title ('' = the first sheet). */
  sheetName: string;
}

export type BoundSheet =
  /** The tab to write to, and whether the stored binding must be updated (id learnt, or renamed). */
  | { kind: 'found'; sheet: SpreadsheetSheetWithGrid; bindingChanged: boolean }
  /** No such tab: create one with this title, then bind to it. */
  | { kind: 'missing'; title: string };

export function findBoundSheet(spreadsheet: Spreadsheet, binding: SheetBinding): BoundSheet {
  const { sheets } = spreadsheet;
  if (binding.sheetId !== null) {
    const byId = sheets.find((sheet) => sheet.sheetId === binding.sheetId);
    if (byId) return { kind: 'found', sheet: byId, bindingChanged: byId.title !== binding.sheetName };
    // The bound tab was deleted. A tab with the stored title is the one the owner made to replace it.
  }
  if (binding.sheetName === '') {
    const first = sheets[0];
    return first
      ? { kind: 'found', sheet: first, bindingChanged: true }
      : { kind: 'missing', title: 'Sheet1' };
  }
  const byTitle = findSheetByTitle(sheets, binding.sheetName);
  return byTitle
    ? { kind: 'found', sheet: byTitle, bindingChanged: true }
    : { kind: 'missing', title: binding.sheetName };
}

/** Exact title first, then ignoring case (how Google resolves a range's sheet name). */
export function findSheetByTitle<T extends { title: string }>(
  sheets: readonly T[],
  title: string,
): T | undefined {
  return (
    sheets.find((sheet) => sheet.title === title) ??
    sheets.find((sheet) => sheet.title.toLowerCase() === title.toLowerCase())
  );
}

/** A stored sheet_id as a number (PostgreSQL answers bigint as text). */
export function storedSheetId(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The sheetId a form binds to when it is created or re-linked: the tab with its title ('' = the first
 * sheet), or null when there is none yet (the first write creates it and binds then). One metadata read.
 */
export async function resolveSheetIdForBinding(
  sheets: { getSpreadsheet(spreadsheetId: string): Promise<Spreadsheet> },
  spreadsheetId: string,
  sheetName: string,
): Promise<number | null> {
  const found = findBoundSheet(await sheets.getSpreadsheet(spreadsheetId), { sheetId: null, sheetName });
  return found.kind === 'found' ? found.sheet.sheetId : null;
}
