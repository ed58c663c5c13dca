import { describe, expect, it } from 'vitest';
import {
  extractDocumentId,
  extractSpreadsheetId,
  isValidSheetUrlForGenerator,
  isValidSheetUrlForInlineEdit,
} from './spreadsheet-url.js';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz_0123456789-abc';

describe('spreadsheet URLs', () => {
  it('extracts the id from the usual shapes', () => {
    expect(extractSpreadsheetId(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`)).toBe(ID);
    expect(extractSpreadsheetId(`https://docs.google.com/spreadsheets/d/${ID}`)).toBe(ID);
    expect(extractSpreadsheetId(`  https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing `)).toBe(ID);
    expect(extractSpreadsheetId('https://example.com/spreadsheets/d/abc')).toBeUndefined();
    expect(extractSpreadsheetId('not a url')).toBeUndefined();
  });

  it('applies the inline-edit rule: empty allowed, else Google spreadsheets address first', () => {
    expect(isValidSheetUrlForInlineEdit('')).toBe(true);
    expect(isValidSheetUrlForInlineEdit('   ')).toBe(true);
    expect(isValidSheetUrlForInlineEdit(`https://docs.google.com/spreadsheets/d/${ID}/edit`)).toBe(true);
    expect(isValidSheetUrlForInlineEdit(`http://docs.google.com/spreadsheets/d/${ID}`)).toBe(false);
    expect(isValidSheetUrlForInlineEdit(`see https://docs.google.com/spreadsheets/d/${ID}`)).toBe(false);
    expect(isValidSheetUrlForInlineEdit('https://docs.google.com/spreadsheets/u/0/')).toBe(false);
  });

  it('applies the generator rule: contains the spreadsheets address with an id', () => {
    expect(isValidSheetUrlForGenerator(`https://docs.google.com/spreadsheets/d/${ID}/edit`)).toBe(true);
    expect(isValidSheetUrlForGenerator('https://docs.google.com/spreadsheets/')).toBe(false);
    expect(isValidSheetUrlForGenerator('https://drive.google.com/file/d/abc')).toBe(false);
  });

  it('extracts document ids of 25 or more characters only', () => {
    expect(extractDocumentId(`https://docs.google.com/document/d/${ID}/edit`)).toBe(ID);
    expect(extractDocumentId('https://docs.google.com/document/d/short/edit')).toBeUndefined();
  });
});
