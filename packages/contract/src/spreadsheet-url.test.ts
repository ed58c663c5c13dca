import { describe, expect, it } from 'vitest';
import {
  extractDocumentId,
  extractSpreadsheetId,
  isValidSheetUrlForGenerator,
  isValidSheetUrlForInlineEdit,
  normalisedDocsUrl,
  storableSheetUrl,
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

  it('stores a sheet URL only when it begins with Google’s https spreadsheets address', () => {
    for (const url of [
      `javascript:alert(1)//docs.google.com/spreadsheets/d/${ID}`,
      `https://evil.example/?https://docs.google.com/spreadsheets/d/${ID}`,
      `https://docs.google.com.evil.example/spreadsheets/d/${ID}`,
    ]) {
      expect(storableSheetUrl(url), url).toBeUndefined();
    }
  });
});

describe('template Docs URLs', () => {
  it('accept the shapes Google gives a document or spreadsheet, typed with or without the scheme', () => {
    for (const tail of [
      '',
      '/',
      '/edit',
      '/edit?usp=sharing',
      '/edit?tab=t.0#heading=h.abc',
      '/view',
      '#x',
    ]) {
      expect(extractDocumentId(`https://docs.google.com/document/d/${ID}${tail}`), tail).toBe(ID);
    }
    expect(extractDocumentId(`  docs.google.com/document/d/${ID}/edit `)).toBe(ID);
    expect(extractDocumentId(`http://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`)).toBe(ID);
  });

  it('refuse any other scheme, host or place for the Google address', () => {
    for (const url of [
      `javascript:alert(1)//docs.google.com/document/d/${ID}`,
      `https://evil.example/?https://docs.google.com/document/d/${ID}`,
      `https://evil.example/docs.google.com/document/d/${ID}`,
      `https://docs.google.com.evil.example/document/d/${ID}`,
      `https://docs.google.com@evil.example/document/d/${ID}`,
      `data:text/html,https://docs.google.com/document/d/${ID}`,
      `see https://docs.google.com/document/d/${ID}`,
      `https://docs.google.com/document/d/${ID}x y`,
      `https://docs.google.com/document/d/${ID}"onclick=x`,
      `https://docs.google.com/presentation/d/${ID}`,
    ]) {
      expect(extractDocumentId(url), url).toBeUndefined();
      expect(normalisedDocsUrl(url), url).toBeUndefined();
    }
  });

  it('normalise to the https edit address of the id, dropping what followed it', () => {
    expect(normalisedDocsUrl(`docs.google.com/document/d/${ID}/edit?usp=sharing#heading=h.1`)).toBe(
      `https://docs.google.com/document/d/${ID}/edit`,
    );
    expect(normalisedDocsUrl(`http://docs.google.com/spreadsheets/d/${ID}/edit#gid=5`)).toBe(
      `https://docs.google.com/spreadsheets/d/${ID}/edit`,
    );
    expect(
      normalisedDocsUrl(`https://docs.google.com/document/d/${ID}/../../../url?q=https://evil.example`),
    ).toBe(`https://docs.google.com/document/d/${ID}/edit`);
  });
});
