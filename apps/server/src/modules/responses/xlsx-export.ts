import type { Writable } from 'node:stream';
import { withoutXmlForbiddenCharacters } from '@sheetforms/contract';
import { ZipOutputClosedError, ZipWriter } from './zip-writer.js';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">\
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>\
<Default Extension="xml" ContentType="application/xml"/>\
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>\
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>\
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>\
</Types>`;

const PACKAGE_RELS = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">\
<Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/officeDocument" Target="xl/workbook.xml"/>\
</Relationships>`;

const WORKBOOK_RELS = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS_NS}">\
<Relationship Id="rId1" Type="${RELATIONSHIPS_NS}/worksheet" Target="worksheets/sheet1.xml"/>\
<Relationship Id="rId2" Type="${RELATIONSHIPS_NS}/styles" Target="styles.xml"/>\
</Relationships>`;

/** The one default style every cell uses (Excel's own minimum: a font, the two reserved fills, a border). */
const STYLES = `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">\
<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>\
<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>\
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>\
</styleSheet>`;

const SHEET_START = `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}"><sheetData>`;
const SHEET_END = '</sheetData></worksheet>';

/**
 * Writes the XLSX file to `out` and ends it: a ZIP (zip-writer.ts) of the five small fixed parts of a
 * one-sheet workbook and the sheet, streamed. Every cell is an inline string (never a number, date or
 * formula, whatever it looks like); an empty value is no cell. No shared-strings table is kept, so memory
 * does not grow with the number of rows: it holds the batch being written, the chunk of its XML being
 * made and at most 256 kB in the deflater. Each chunk waits for `out` to drain, and the next batch is
 * read only after the last chunk of this one was handed over: a slow client slows the reading from the
 * database instead of filling memory. When `out` is destroyed (the client left), the writer stops
 * reading batches and returns.
 */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  header: readonly string[],
  batches: AsyncIterable<Iterable<readonly string[]>>,
): Promise<void> {
  const zip = new ZipWriter(out);
  try {
    await zip.addEntry('[Content_Types].xml', CONTENT_TYPES);
    await zip.addEntry('_rels/.rels', PACKAGE_RELS);
    await zip.addEntry('xl/workbook.xml', workbookXml(worksheetName(sheetName)));
    await zip.addEntry('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
    await zip.addEntry('xl/styles.xml', STYLES);
    await zip.addEntry('xl/worksheets/sheet1.xml', sheetXml(header, batches));
    await zip.finish();
  } catch (error) {
    if (error instanceof ZipOutputClosedError) return;
    throw error;
  }
}

function workbookXml(name: string): string {
  return `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${RELATIONSHIPS_NS}"><sheets>\
<sheet name="${xmlAttribute(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/**
 * Rows are handed to the deflater in chunks of about this many characters: below V8's large-object size
 * (128 kB, which a two-byte string of 64 k characters reaches), so that a chunk's string lives and dies in
 * the young generation; a whole batch of 500 rows (about 250 kB of XML) would not.
 */
const CHUNK_CHARACTERS = 32 * 1024;

/** The sheet's XML in chunks: the start and header row, rows of each batch in chunks, the end. */
async function* sheetXml(
  header: readonly string[],
  batches: AsyncIterable<Iterable<readonly string[]>>,
): AsyncGenerator<string> {
  yield SHEET_START + rowXml(1, header);
  let rowNumber = 1;
  for await (const rows of batches) {
    let xml = '';
    for (const row of rows) {
      xml += rowXml(++rowNumber, row);
      if (xml.length >= CHUNK_CHARACTERS) {
        yield xml;
        xml = '';
      }
    }
    if (xml !== '') yield xml;
  }
  yield SHEET_END;
}

/** One row; each cell names its reference, since empty values leave gaps. */
export function rowXml(rowNumber: number, cells: readonly string[]): string {
  let xml = `<row r="${rowNumber}">`;
  for (let index = 0; index < cells.length; index++) {
    const value = cells[index];
    if (value === undefined || value === '') continue;
    // Most values need no escaping: only those holding a character that might are run through xmlText.
    let text = value;
    let preserve = false;
    if (MAY_NEED_ESCAPING.test(value)) {
      text = xmlText(value);
      if (text === '') continue;
      preserve = LINE_BREAK_OR_TAB.test(text);
    }
    // Without xml:space="preserve" a reader may drop leading and trailing spaces and line breaks.
    preserve ||= WHITESPACE.test(text.charAt(0)) || WHITESPACE.test(text.charAt(text.length - 1));
    const space = preserve ? ' xml:space="preserve"' : '';
    xml += `<c r="${columnName(index)}${rowNumber}" t="inlineStr"><is><t${space}>${text}</t></is></c>`;
  }
  return `${xml}</row>`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what xmlText handles
const MAY_NEED_ESCAPING = /[&<>_\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const WHITESPACE = /\s/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/**
 * A cell's text as XML character data: the characters XML 1.0 forbids left out (as exportCells does
 * already, so that the sheet stays well-formed whatever it is given), & < > escaped, and an underscore
 * that starts what Excel would read as an escaped character (`_x000D_`, OOXML's ST_Xstring) written as
 * `_x005F_` so that the text reads back as given. A CR stays a CR: an XML parser reads it as a line feed
 * (XML 1.0 section 2.11), as exceljs's files did.
 */
export function xmlText(value: string): string {
  return withoutXmlForbiddenCharacters(value).replace(/[&<>]|_(?=x[0-9A-Fa-f]{4}_)/g, (match) => {
    switch (match) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      default:
        return '_x005F_';
    }
  });
}

/**
 * An attribute value: & < " escaped; tab, LF and CR, which a parser would read as spaces, written as
 * spaces.
 */
function xmlAttribute(value: string): string {
  return withoutXmlForbiddenCharacters(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/[\t\n\r]/g, ' ');
}

const columnNames: string[] = [];

/** A, B, … Z, AA, AB, … of the 0-based column `index`. */
export function columnName(index: number): string {
  let name = columnNames[index];
  if (name === undefined) {
    name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    }
    // Excel has 16,384 columns (XFD); the cache never holds more than that.
    if (index < 16_384) columnNames[index] = name;
  }
  return name;
}

/**
 * Excel's sheet-name rules: at most 31 characters, none of : \ / ? * [ ]; and none that XML 1.0
 * forbids, since the name is written into the workbook's XML. A cut at 31 never leaves half of a
 * surrogate pair.
 */
export function worksheetName(name: string): string {
  let cleaned = withoutXmlForbiddenCharacters(name)
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  if (/[\uD800-\uDBFF]$/.test(cleaned)) cleaned = cleaned.slice(0, -1).trimEnd();
  return cleaned === '' ? 'Responses' : cleaned;
}
