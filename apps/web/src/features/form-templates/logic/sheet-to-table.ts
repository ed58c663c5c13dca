import { escapeHtml } from '@sheetforms/contract';
import { CELL_STYLE, TABLE_STYLE } from './table-style';

/** Rows and columns imported from a sheet; a template is a document, not a data dump. */
export const SHEET_IMPORT_LIMITS = { rows: 500, columns: 50 } as const;

/**
 * A sheet's values (Sheets API values.get, rows major) → an HTML table whose first row is the header
 * (<th>). Google drops trailing empty cells, so short rows are padded to the widest one. Empty when the
 * sheet has no values.
 */
export function sheetValuesToTable(values: readonly (readonly unknown[])[] | undefined): string {
  const rows = (values ?? []).slice(0, SHEET_IMPORT_LIMITS.rows);
  const width = Math.min(
    SHEET_IMPORT_LIMITS.columns,
    rows.reduce((widest, row) => Math.max(widest, row.length), 0),
  );
  if (rows.length === 0 || width === 0) return '';
  const cells = (row: readonly unknown[], tag: 'th' | 'td') =>
    Array.from(
      { length: width },
      (_, index) => `<${tag} style="${CELL_STYLE}">${cellHtml(row[index])}</${tag}>`,
    ).join('');
  const [header = [], ...body] = rows;
  const bodyRows = body.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('');
  return `<table style="${TABLE_STYLE}"><thead><tr>${cells(header, 'th')}</tr></thead><tbody>${bodyRows}</tbody></table>`;
}

function cellHtml(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : String(value);
  return escapeHtml(text).replace(/\r\n|\r|\n/g, '<br>');
}
