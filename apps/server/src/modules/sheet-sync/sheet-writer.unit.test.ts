import { describe, expect, it } from 'vitest';
import { GoogleApiError } from '../../google/google-api-error.js';
import type { CellInput } from '../../google/sheets-client.js';
import type { SheetBatch } from './batch.js';
import { SheetStepError, type SheetWriterClient, writeBatch } from './sheet-writer.js';

/** A spreadsheet with one sheet in memory; records every Google call in order. */
function fakeSheets(sheet: { title: string; columnCount: number; header: string[] }) {
  const calls: string[] = [];
  let spreadsheetSheets = [
    { sheetId: 7, title: sheet.title, index: 0, rowCount: 1000, columnCount: sheet.columnCount },
  ];
  const client: SheetWriterClient = {
    async getSpreadsheet(spreadsheetId) {
      calls.push('getSpreadsheet');
      return { spreadsheetId, title: 'S', sheets: spreadsheetSheets };
    },
    async getValues(_id, range) {
      calls.push(`getValues ${range}`);
      return { range, values: [sheet.header] };
    },
    async updateValues(_id, range, rows: CellInput[][]) {
      calls.push(`updateValues ${range} ${rows[0]?.length}`);
      return { updatedRange: range, updatedRows: 1 };
    },
    async appendValues(_id, title, rows) {
      calls.push(`appendValues ${title} ${rows.length}`);
      return { updatedRange: `'${title}'!A2`, updatedRows: rows.length };
    },
    async addSheet() {
      throw new Error('not expected');
    },
    async appendDimension(_id, sheetId, dimension, length) {
      calls.push(`appendDimension ${sheetId} ${dimension} ${length}`);
    },
  };
  return {
    client,
    calls,
    removeSheet() {
      spreadsheetSheets = [];
    },
  };
}

function batchFor(fields: string[], sheetName = 'Data'): SheetBatch {
  const form = {
    id: 'f',
    formId: 'f',
    ownerId: 'o',
    spreadsheetId: 'S',
    sheetName,
    fieldsJson: JSON.stringify(fields.map((label) => ({ label }))),
    settingsJson: '{}',
  };
  return {
    spreadsheetId: 'S',
    sheetName,
    forms: [form],
    responses: [
      {
        id: 'r1',
        formRowId: 'f',
        answersJson: '{}',
        signatureUrl: null,
        createdAt: '2026-03-07T21:05:00.000Z',
        attempts: 0,
        dedupeRequired: false,
        form,
      },
    ],
  };
}

const deps = (sheets: SheetWriterClient) => ({
  sheets,
  gate: async () => {},
  confirmClaim: async (ids: string[]) => ids,
});

describe('writeBatch header growth', () => {
  it('adds the missing columns to the grid, then writes the header past the old last column', async () => {
    const header = Array.from({ length: 25 }, (_, i) => `Q${i + 1}`);
    const sheets = fakeSheets({ title: 'Data', columnCount: 26, header });
    await writeBatch(batchFor([...header, 'City']), deps(sheets.client));
    expect(sheets.calls).toEqual([
      "getValues 'Data'!1:1",
      'getSpreadsheet',
      'appendDimension 7 COLUMNS 2',
      "updateValues 'Data'!Z1:AB1 3",
      'appendValues Data 1',
    ]);
  });

  it('does not touch the grid when the new header cells fit (the sheet found ignoring case, as Google does)', async () => {
    const sheets = fakeSheets({ title: 'data', columnCount: 26, header: ['Name'] });
    await writeBatch(batchFor(['Name', 'City']), deps(sheets.client));
    expect(sheets.calls).toEqual([
      "getValues 'Data'!1:1",
      'getSpreadsheet',
      "updateValues 'Data'!B1:D1 3",
      'appendValues Data 1',
    ]);
  });

  it('reports a sheet gone since row 1 was read as missing, for a retry', async () => {
    const sheets = fakeSheets({ title: 'Data', columnCount: 26, header: ['Name'] });
    sheets.removeSheet();
    const failure = await writeBatch(batchFor(['Name', 'City']), deps(sheets.client)).catch((e) => e);
    expect(failure).toBeInstanceOf(SheetStepError);
    expect(failure).toMatchObject({ operation: 'write-header' });
    expect((failure as SheetStepError).cause).toBeInstanceOf(GoogleApiError);
    expect((failure as SheetStepError).cause).toMatchObject({ code: 'SHEET_NOT_FOUND' });
  });

  it('names the header cells it could not make room for', async () => {
    const header = Array.from({ length: 26 }, (_, i) => `Q${i + 1}`);
    const sheets = fakeSheets({ title: 'Data', columnCount: 26, header });
    sheets.client.appendDimension = async () => {
      throw new GoogleApiError('INVALID_REQUEST', 'above the limit', 400);
    };
    const failure = await writeBatch(batchFor(header), deps(sheets.client)).catch((e) => e);
    expect(failure).toMatchObject({ operation: 'grow-grid', columns: ['Timestamp', 'Response ID'] });
  });
});
