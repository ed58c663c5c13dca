import { randomBytes, randomInt } from 'node:crypto';
import type { Sharing } from '../access/sharing.js';
import type { ValidationRange } from './data-validation.js';

/** A sheet's (tab's) properties; the grid is `rowCount` × `columnCount` cells. */
export interface SheetProperties {
  sheetId: number;
  title: string;
  index: number;
  rowCount: number;
  columnCount: number;
  frozenRowCount?: number;
  /** The sheet's data validation rules by range (left out when none); the newest range wins a cell. */
  dataValidation?: ValidationRange[];
}

/** What `meta.json` holds for a spreadsheet (its cells live in per-sheet files). */
export interface SpreadsheetMeta {
  version: 1;
  spreadsheetId: string;
  title: string;
  ownerEmail?: string;
  sharing: Sharing;
  createdAt: string;
  sheets: SheetProperties[];
}

/** New sheets get Google's default grid, grown to fit their data. */
export const DEFAULT_ROW_COUNT = 1000;
export const DEFAULT_COLUMN_COUNT = 26;

/** Google's spreadsheet and document ids: 44 URL-safe characters, starting with 1. */
export function newFileId(): string {
  return `1${randomBytes(33).toString('base64url').slice(0, 43)}`;
}

/** Ids that are safe as file names and could be Google ids (callers send anything in the path). */
export function isPlausibleFileId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id);
}

/** A random sheet id (gid) like Google's, avoiding those in use. */
export function newSheetId(taken: ReadonlySet<number>): number {
  for (;;) {
    const id = randomInt(1, 2 ** 31 - 1);
    if (!taken.has(id)) return id;
  }
}

/** `https://docs.google.com/spreadsheets/d/{id}/edit`, as Google's `spreadsheetUrl`. */
export function spreadsheetUrl(spreadsheetId: string): string {
  return `https://docs.google.com/spreadsheets/d/${spreadsheetId}/edit`;
}

/** `https://docs.google.com/document/d/{id}/edit`. */
export function documentUrl(documentId: string): string {
  return `https://docs.google.com/document/d/${documentId}/edit`;
}
