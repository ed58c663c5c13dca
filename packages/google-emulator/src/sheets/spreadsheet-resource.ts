import { sheetResource } from './batch-update.js';
import { type SheetProperties, type SpreadsheetMeta, spreadsheetUrl } from './spreadsheet-model.js';

/** The Spreadsheet resource of spreadsheets.get and spreadsheets.create (sheets in index order). */
export function spreadsheetResource(meta: SpreadsheetMeta, sheets: readonly SheetProperties[] = meta.sheets) {
  return {
    spreadsheetId: meta.spreadsheetId,
    properties: {
      title: meta.title,
      locale: 'en_US',
      autoRecalc: 'ON_CHANGE',
      timeZone: 'Etc/GMT',
      defaultFormat: {
        backgroundColor: { red: 1, green: 1, blue: 1 },
        verticalAlignment: 'BOTTOM',
        wrapStrategy: 'OVERFLOW_CELL',
        textFormat: { fontFamily: 'arial,sans,sans-serif', fontSize: 10, bold: false, italic: false },
      },
    },
    sheets: [...sheets]
      .sort((a, b) => a.index - b.index)
      .map((sheet) => ({ properties: sheetResource(sheet) })),
    spreadsheetUrl: spreadsheetUrl(meta.spreadsheetId),
  };
}
