import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { Spreadsheet, ValueRange } from '../../google/sheets-client.js';
import { createSheetsService } from './sheets.service.js';

const URL_OF = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

function fakeSheets(spreadsheet: Spreadsheet, cells: Record<string, string[][]>) {
  const calls: string[] = [];
  const rowsOf = (title: string) => cells[title.toLowerCase()];
  const read = (range: string): ValueRange => {
    const match = /^'(.*)'!(\d+):(\d+)$/.exec(range);
    const title = match?.[1]?.replaceAll("''", "'") ?? '';
    const sheet = spreadsheet.sheets.find((s) => s.title.toLowerCase() === title.toLowerCase());
    const first = Number(match?.[2]);
    const last = Number(match?.[3]);
    if (!sheet || last > sheet.rowCount)
      throw new GoogleApiError('SHEET_NOT_FOUND', 'Unable to parse range', 400);
    return { range, values: (rowsOf(title) ?? []).slice(first - 1, last) };
  };
  return {
    calls,
    client: {
      async getSpreadsheet() {
        calls.push('getSpreadsheet');
        return spreadsheet;
      },
      async getValues(_id: string, range: string) {
        calls.push(`getValues ${range}`);
        return read(range);
      },
      async batchGetValues(_id: string, ranges: string[]) {
        calls.push(`batchGetValues ${ranges.join(' ')}`);
        return ranges.map(read);
      },
    },
  };
}

const spreadsheet: Spreadsheet = {
  spreadsheetId: 'abc',
  title: 'Budget',
  sheets: [
    { sheetId: 1, title: "Bob's", index: 0, rowCount: 1000, columnCount: 26 },
    { sheetId: 2, title: 'Short', index: 1, rowCount: 3, columnCount: 2 },
  ],
};
const cells = {
  "bob's": [['Name'], ['a'], ['b'], ['c'], ['d'], ['e'], ['f']],
  short: [
    ['H1', 'H2'],
    ['x', 'y'],
  ],
};

describe('sheets service preview', () => {
  it('reads the header row and 5 data rows in one request', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({ sheets: fake.client, serviceAccountEmail: async () => undefined });
    const preview = await service.getPreview(URL_OF('abc'), "Bob's");
    expect(fake.calls).toEqual(["batchGetValues 'Bob''s'!1:1 'Bob''s'!2:6"]);
    expect(preview.rows).toEqual([['a'], ['b'], ['c'], ['d'], ['e']]);
  });

  it('reads a grid shorter than 6 rows within its bounds', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({ sheets: fake.client, serviceAccountEmail: async () => undefined });
    const preview = await service.getPreview(URL_OF('abc'), 'short');
    expect(fake.calls.slice(1)).toEqual(['getSpreadsheet', "getValues 'Short'!1:3"]);
    expect(preview.headers.map((h) => h.name)).toEqual(['H1', 'H2']);
    expect(preview.rows).toEqual([['x', 'y']]);
  });

  it('answers SHEET_NOT_FOUND only when the metadata has no such sheet', async () => {
    const fake = fakeSheets(spreadsheet, cells);
    const service = createSheetsService({ sheets: fake.client, serviceAccountEmail: async () => undefined });
    await expect(service.getPreview(URL_OF('abc'), 'Nope')).rejects.toMatchObject({
      status: 404,
      code: 'SHEET_NOT_FOUND',
    });
  });
});
