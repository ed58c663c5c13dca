import { SHEET_IMPORT_LIMITS } from '../../logic/sheet-to-table';
import { googleGet, joinUrl } from './google-request';

/** Column letters of a 1-based column number (1 → A, 50 → AX). */
function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The values of a spreadsheet's first sheet (Sheets API spreadsheets.get for its title, then values.get
 * of that sheet within the import limits), with the owner's token.
 */
export async function getFirstSheetValues(
  sheetsApiUrl: string,
  spreadsheetId: string,
  accessToken: string,
): Promise<unknown[][]> {
  const base = joinUrl(sheetsApiUrl, `/v4/spreadsheets/${encodeURIComponent(spreadsheetId)}`);
  const metadata = (await (
    await googleGet(
      `${base}?fields=${encodeURIComponent('sheets.properties(title,index,gridProperties(rowCount,columnCount))')}`,
      accessToken,
    )
  ).json()) as {
    sheets?: {
      properties?: {
        title?: string;
        index?: number;
        gridProperties?: { rowCount?: number; columnCount?: number };
      };
    }[];
  };
  const first = [...(metadata.sheets ?? [])]
    .map((sheet) => sheet.properties ?? {})
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))[0];
  if (first?.title === undefined) return [];
  const quoted = `'${first.title.replace(/'/g, "''")}'`;
  // Google refuses a read past the sheet's grid ("exceeds grid limits"), so the limits shrink to it.
  const rows = Math.min(SHEET_IMPORT_LIMITS.rows, first.gridProperties?.rowCount ?? SHEET_IMPORT_LIMITS.rows);
  const columns = Math.min(
    SHEET_IMPORT_LIMITS.columns,
    first.gridProperties?.columnCount ?? SHEET_IMPORT_LIMITS.columns,
  );
  if (rows < 1 || columns < 1) return [];
  const range = `${quoted}!A1:${columnLetters(columns)}${rows}`;
  const values = (await (
    await googleGet(`${base}/values/${encodeURIComponent(range)}?majorDimension=ROWS`, accessToken)
  ).json()) as { values?: unknown[][] };
  // Google leaves `values` out when the range is empty.
  return values.values ?? [];
}
