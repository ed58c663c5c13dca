// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  requireTemplateSource,
  templateSourceOf,
  validateNewTemplate,
  validateTemplateEdit,
} from './template-source';

const DOC_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012';
const DOC_URL = `https://docs.google.com/document/d/${DOC_ID}/edit`;
const SHEET_URL = `https://docs.google.com/spreadsheets/d/${DOC_ID}/edit#gid=0`;

describe('templateSourceOf', () => {
  it('tells a document from a spreadsheet', () => {
    expect(templateSourceOf(DOC_URL)).toEqual({ kind: 'document', id: DOC_ID });
    expect(templateSourceOf(SHEET_URL)).toEqual({ kind: 'spreadsheet', id: DOC_ID });
  });

  it('rejects short ids and other addresses', () => {
    expect(templateSourceOf('https://docs.google.com/document/d/short/edit')).toBeNull();
    expect(templateSourceOf(`https://example.org/file/d/${DOC_ID}`)).toBeNull();
  });

  it('rejects an address that only carries Google’s somewhere inside it', () => {
    expect(templateSourceOf(`javascript:alert(1)//docs.google.com/document/d/${DOC_ID}`)).toBeNull();
    expect(templateSourceOf(`https://evil.example/?https://docs.google.com/document/d/${DOC_ID}`)).toBeNull();
    // The kind comes from the address's own path, not from a /spreadsheets/d/ further along.
    expect(templateSourceOf(`${DOC_URL}?next=/spreadsheets/d/x`)).toEqual({ kind: 'document', id: DOC_ID });
  });
});

describe('template validation (spec 001 section 5)', () => {
  it('needs both name and URL to add, then a valid Docs URL', () => {
    expect(validateNewTemplate('', DOC_URL)).toBe('Both name and URL are required');
    expect(validateNewTemplate('Certificate', '  ')).toBe('Both name and URL are required');
    expect(validateNewTemplate('Certificate', 'https://example.org/doc')).toBe(
      'Please enter a valid Google Docs URL',
    );
    expect(validateNewTemplate('Certificate', DOC_URL)).toBeNull();
  });

  it('refuses an empty name when editing', () => {
    expect(validateTemplateEdit('  ', DOC_URL)).toBe('Template name cannot be empty');
    expect(validateTemplateEdit('Receipt', 'nope')).toBe('Please enter a valid Google Docs URL');
    expect(validateTemplateEdit('Receipt', SHEET_URL)).toBeNull();
  });
});

describe('requireTemplateSource (what the import reads, spec 001 section 8)', () => {
  it('answers the source of a Docs or Sheets URL', () => {
    expect(requireTemplateSource(DOC_URL)).toEqual({ kind: 'document', id: DOC_ID });
    expect(requireTemplateSource(SHEET_URL)).toEqual({ kind: 'spreadsheet', id: DOC_ID });
  });

  it("says 'Invalid document URL' for text that is no web address", () => {
    for (const text of [
      '',
      'not a url',
      'javascript:alert(1)',
      'ftp://docs.google.com/document/d/x',
      'docs',
    ]) {
      expect(() => requireTemplateSource(text), text).toThrow('Invalid document URL');
    }
  });

  it("says 'Could not extract document ID from URL' for an address that names no document", () => {
    for (const text of [
      'https://docs.google.com/document/d/short/edit',
      'docs.google.com/presentation/d/x',
    ]) {
      expect(() => requireTemplateSource(text), text).toThrow('Could not extract document ID from URL');
    }
  });
});
