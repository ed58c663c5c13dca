import { describe, expect, it } from 'vitest';
import { applyFieldMask, parseFieldMask } from './field-mask.js';

const resource = {
  spreadsheetId: 'id',
  properties: { title: 'T', locale: 'en_US' },
  sheets: [
    {
      properties: {
        sheetId: 0,
        title: 'A',
        index: 0,
        sheetType: 'GRID',
        gridProperties: { rowCount: 1000, columnCount: 26 },
      },
    },
    {
      properties: {
        sheetId: 7,
        title: 'B',
        index: 1,
        sheetType: 'GRID',
        gridProperties: { rowCount: 10, columnCount: 5 },
      },
    },
  ],
};

function masked(mask: string) {
  const parsed = parseFieldMask(mask);
  if (!parsed) throw new Error(`bad mask ${mask}`);
  return applyFieldMask(resource, parsed);
}

describe('field masks', () => {
  it('selects paths, groups and list elements', () => {
    expect(masked('spreadsheetId,properties.title,sheets.properties(sheetId,title)')).toEqual({
      spreadsheetId: 'id',
      properties: { title: 'T' },
      sheets: [{ properties: { sheetId: 0, title: 'A' } }, { properties: { sheetId: 7, title: 'B' } }],
    });
  });

  it('accepts snake_case, slashes, nested groups and *', () => {
    expect(masked('sheets/properties(grid_properties(row_count))')).toEqual({
      sheets: [
        { properties: { gridProperties: { rowCount: 1000 } } },
        { properties: { gridProperties: { rowCount: 10 } } },
      ],
    });
    expect(masked('properties(*)')).toEqual({ properties: resource.properties });
  });

  it('rejects broken syntax', () => {
    for (const mask of ['', 'a,', 'a(b', 'a..b', 'a)']) expect(parseFieldMask(mask), mask).toBeUndefined();
  });
});
