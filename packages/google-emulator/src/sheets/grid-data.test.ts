import { describe, expect, it } from 'vitest';
import { cellData, gridData } from './grid-data.js';
import type { SheetProperties } from './spreadsheet-model.js';

const sheet: SheetProperties = { sheetId: 0, title: 'Sheet1', index: 0, rowCount: 1000, columnCount: 26 };
const block = { startRow: 0, startCol: 0, endRow: 4, endCol: 3 };

describe('gridData', () => {
  it('answers empty cells as {}, empty rows as {}, and drops both at the ends, as Google does', () => {
    expect(gridData(sheet, [['a'], [], [null, 'b']], block)).toEqual({
      rowData: [
        {
          values: [
            {
              userEnteredValue: { stringValue: 'a' },
              effectiveValue: { stringValue: 'a' },
              formattedValue: 'a',
            },
          ],
        },
        {},
        {
          values: [
            {},
            {
              userEnteredValue: { stringValue: 'b' },
              effectiveValue: { stringValue: 'b' },
              formattedValue: 'b',
            },
          ],
        },
      ],
      rowMetadata: Array.from({ length: 5 }, () => ({ pixelSize: 21 })),
      columnMetadata: Array.from({ length: 4 }, () => ({ pixelSize: 100 })),
    });
    expect(gridData(sheet, [], block)).not.toHaveProperty('rowData');
    expect(
      gridData(
        sheet,
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
        { startRow: 1, startCol: 1, endRow: 1, endCol: 1 },
      ),
    ).toMatchObject({
      startRow: 1,
      startColumn: 1,
      rowData: [{ values: [{ formattedValue: 'd' }] }],
    });
  });

  it('lists rows and cells down to the last rule, even where there is no value', () => {
    const ruled: SheetProperties = {
      ...sheet,
      dataValidation: [
        {
          startRowIndex: 1,
          endRowIndex: 3,
          startColumnIndex: 2,
          endColumnIndex: 3,
          rule: { condition: { type: 'BOOLEAN' } },
        },
      ],
    };
    const data = gridData(ruled, [['Name']], block);
    expect(data.rowData).toEqual([
      {
        values: [
          {
            userEnteredValue: { stringValue: 'Name' },
            effectiveValue: { stringValue: 'Name' },
            formattedValue: 'Name',
          },
        ],
      },
      { values: [{}, {}, { dataValidation: { condition: { type: 'BOOLEAN' } } }] },
      { values: [{}, {}, { dataValidation: { condition: { type: 'BOOLEAN' } } }] },
    ]);
  });
});

describe('cellData', () => {
  it('gives typed values, formulas with their results, and formula errors as error values', () => {
    expect(cellData(2.5, undefined)).toEqual({
      userEnteredValue: { numberValue: 2.5 },
      effectiveValue: { numberValue: 2.5 },
      formattedValue: '2.5',
    });
    expect(cellData(true, undefined)).toEqual({
      userEnteredValue: { boolValue: true },
      effectiveValue: { boolValue: true },
      formattedValue: 'TRUE',
    });
    expect(cellData({ f: '=1+1' }, undefined)).toEqual({
      userEnteredValue: { formulaValue: '=1+1' },
      effectiveValue: { numberValue: 2 },
      formattedValue: '2',
    });
    expect(cellData({ f: '=IMPORTXML("x","//a")' }, undefined)).toMatchObject({
      effectiveValue: { errorValue: { type: 'NAME' } },
      formattedValue: '#NAME?',
    });
    expect(cellData(null, undefined)).toEqual({});
  });
});
