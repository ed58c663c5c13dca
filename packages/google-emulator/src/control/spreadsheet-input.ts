import { checkSharing, type Sharing } from '../access/sharing.js';
import { parseCellBounds } from '../sheets/a1-range.js';
import type { Cell, Rows } from '../sheets/cells.js';
import {
  checkDataValidationRule,
  ruleProblemMessage,
  setValidation,
  type ValidationRange,
} from '../sheets/data-validation.js';
import { DEFAULT_COLUMN_COUNT, DEFAULT_ROW_COUNT } from '../sheets/spreadsheet-model.js';
import type { NewSheet, NewSpreadsheet } from '../sheets/spreadsheet-store.js';

/** A checked control-API request, or the first problem in Google's wording. */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const MAX_TITLE = 100;

/**
 * Checks `POST /__emulator/spreadsheets`: `{ title, sheets?: [{ title, rows?, dataValidation? }], sharing?,
 * ownerEmail? }`.
 */
export function checkNewSpreadsheet(body: unknown): Checked<NewSpreadsheet> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Request body must be a JSON object.' };
  }
  const raw = body as Record<string, unknown>;
  const title = checkTitle(raw.title, 'title');
  if (!title.ok) return title;
  const sheets: NewSheet[] = [];
  if (raw.sheets !== undefined) {
    if (!Array.isArray(raw.sheets)) return invalid('sheets', 'must be a list');
    for (const [index, entry] of raw.sheets.entries()) {
      const sheet = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
      const sheetTitle = checkTitle(sheet.title, `sheets[${index}].title`);
      if (!sheetTitle.ok) return sheetTitle;
      if (sheets.some((other) => other.title.toLowerCase() === sheetTitle.value.toLowerCase())) {
        return invalid(`sheets[${index}].title`, `a sheet named "${sheetTitle.value}" is already listed`);
      }
      const rows = checkRows(sheet.rows, `sheets[${index}].rows`);
      if (!rows.ok) return rows;
      const validation = checkSheetValidation(
        sheet.dataValidation,
        `sheets[${index}].dataValidation`,
        rows.value,
      );
      if (!validation.ok) return validation;
      sheets.push({
        title: sheetTitle.value,
        rows: rows.value,
        ...(validation.value.length > 0 ? { dataValidation: validation.value } : {}),
      });
    }
  }
  let sharing: Sharing | undefined;
  if (raw.sharing !== undefined) {
    const checked = checkSharing(raw.sharing);
    if (!checked.ok) return checked;
    sharing = checked.sharing;
  }
  if (
    raw.ownerEmail !== undefined &&
    (typeof raw.ownerEmail !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(raw.ownerEmail))
  ) {
    return invalid('ownerEmail', 'must be an email address');
  }
  return {
    ok: true,
    value: {
      title: title.value,
      ...(sheets.length > 0 ? { sheets } : {}),
      ...(sharing ? { sharing } : {}),
      ...(typeof raw.ownerEmail === 'string' ? { ownerEmail: raw.ownerEmail } : {}),
    },
  };
}

/** What `PATCH /__emulator/spreadsheets/{id}` may change; `ownerEmail: null` removes the owner. */
export interface SpreadsheetPatch {
  sharing?: Sharing;
  ownerEmail?: string | null;
}

/** Checks `PATCH /__emulator/spreadsheets/{id}`: `{ sharing?, ownerEmail? }`, at least one of them. */
export function checkSpreadsheetPatch(body: unknown): Checked<SpreadsheetPatch> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'Request body must be a JSON object.' };
  }
  const raw = body as Record<string, unknown>;
  if (raw.sharing === undefined && raw.ownerEmail === undefined) {
    return invalid('sharing', 'give sharing, ownerEmail or both');
  }
  const patch: SpreadsheetPatch = {};
  if (raw.sharing !== undefined) {
    const checked = checkSharing(raw.sharing);
    if (!checked.ok) return checked;
    patch.sharing = checked.sharing;
  }
  if (raw.ownerEmail === null) patch.ownerEmail = null;
  else if (raw.ownerEmail !== undefined) {
    if (typeof raw.ownerEmail !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(raw.ownerEmail.trim())) {
      return invalid('ownerEmail', 'must be an email address or null');
    }
    patch.ownerEmail = raw.ownerEmail.trim().toLowerCase();
  }
  return { ok: true, value: patch };
}

/** A non-empty title of at most 100 characters. */
export function checkTitle(value: unknown, field: string): Checked<string> {
  if (typeof value !== 'string' || value.trim() === '')
    return invalid(field, 'a non-empty string is required');
  if (value.length > MAX_TITLE) return invalid(field, `must be at most ${MAX_TITLE} characters`);
  return { ok: true, value: value.trim() };
}

/** Rows of strings, numbers or booleans, stored as given (like RAW input); `null` and '' are empty cells. */
export function checkRows(value: unknown, field: string): Checked<Rows> {
  if (value === undefined) return { ok: true, value: [] };
  if (!Array.isArray(value)) return invalid(field, 'must be a list of rows');
  const rows: Rows = [];
  for (const [i, row] of value.entries()) {
    if (!Array.isArray(row)) return invalid(`${field}[${i}]`, 'must be a list of cells');
    const cells: Cell[] = [];
    for (const [j, cell] of row.entries()) {
      if (cell === null || cell === '') cells.push(null);
      else if (
        typeof cell === 'string' ||
        typeof cell === 'boolean' ||
        (typeof cell === 'number' && Number.isFinite(cell))
      )
        cells.push(cell);
      else return invalid(`${field}[${i}][${j}]`, 'must be a string, number or boolean');
    }
    rows.push(cells);
  }
  return { ok: true, value: rows };
}

/**
 * A sheet's data validation: `[{ range: 'B2:B', rule: DataValidationRule }]`, cells in A1 without a sheet
 * name (open ends reach the edge of the grid, however it grows). Later entries win cells they share with
 * earlier ones, as successive setDataValidation requests do.
 */
export function checkSheetValidation(value: unknown, field: string, rows: Rows): Checked<ValidationRange[]> {
  if (value === undefined) return { ok: true, value: [] };
  if (!Array.isArray(value)) return invalid(field, 'must be a list of { range, rule }');
  // The grid the store will give the sheet: Google's default, grown to fit the rows.
  const rowCount = Math.max(DEFAULT_ROW_COUNT, rows.length);
  const columnCount = Math.max(DEFAULT_COLUMN_COUNT, ...rows.map((row) => row.length));
  let ranges: ValidationRange[] = [];
  for (const [index, entry] of value.entries()) {
    const item = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const rangeField = `${field}[${index}].range`;
    if (typeof item.range !== 'string' || item.range.trim() === '') {
      return invalid(rangeField, 'an A1 range of this sheet such as "B2:B" is required');
    }
    if (item.range.includes('!')) {
      return invalid(rangeField, 'give the cells only (such as "B2:B"); the rule applies to this sheet');
    }
    const bounds = parseCellBounds(item.range.trim());
    if (!bounds) return invalid(rangeField, `"${item.range}" is not an A1 range`);
    if ((bounds.endRow ?? bounds.startRow) >= rowCount || (bounds.endCol ?? bounds.startCol) >= columnCount) {
      return invalid(
        rangeField,
        `"${item.range}" reaches past the sheet's ${rowCount} rows or ${columnCount} columns`,
      );
    }
    const ruleField = `${field}[${index}].rule`;
    if (item.rule === undefined || item.rule === null) {
      return invalid(ruleField, 'a DataValidationRule ({ condition: { type, values? } }) is required');
    }
    const rule = checkDataValidationRule(item.rule);
    if (!rule.ok) {
      const message = ruleProblemMessage(rule.problem, ruleField);
      return rule.problem.kind === 'rule'
        ? { ok: false, message: `Invalid value at '${ruleField}': ${message}` }
        : { ok: false, message };
    }
    ranges = setValidation(
      ranges,
      {
        startRowIndex: bounds.startRow,
        ...(bounds.endRow === undefined ? {} : { endRowIndex: bounds.endRow + 1 }),
        startColumnIndex: bounds.startCol,
        ...(bounds.endCol === undefined ? {} : { endColumnIndex: bounds.endCol + 1 }),
      },
      rule.rule,
    );
  }
  return { ok: true, value: ranges };
}

function invalid<T>(field: string, problem: string): Checked<T> {
  return { ok: false, message: `Invalid value at '${field}': ${problem}.` };
}
