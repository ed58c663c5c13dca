import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, rowXml, worksheetName, writeXlsx, xmlText } from './xlsx-export.js';
import { readZip } from './zip-reader.test-support.js';

async function* batchesOf(...batches: string[][][]) {
  yield* batches;
}

async function xlsxOf(sheetName: string, header: string[], ...batches: string[][][]): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  await writeXlsx(out, sheetName, header, batchesOf(...batches));
  return bytes;
}

/** The file as exceljs reads it: sheet name and each row's cells, an empty cell as ''. */
async function readBack(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    // Empty cells are holes in exceljs's array.
    rows.push(Array.from((row.values as unknown[]).slice(1), (cell) => cell ?? ''));
  });
  return { name: sheet.name, rows, sheet };
}

/** What the previous writer, exceljs's streaming WorkbookWriter, made of the same rows. */
async function exceljsXlsxOf(sheetName: string, header: string[], rows: string[][]): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header).commit();
  for (const row of rows) sheet.addRow(row.map((cell) => (cell === '' ? null : cell))).commit();
  sheet.commit();
  await workbook.commit();
  return bytes;
}

const HEADER = ['No.', 'Timestamp (UTC)', 'Full Name', 'Notes', 'Signature', 'Sync state'];
const ROWS = [
  ['1', '2026-06-03 10:00:00', 'Ada;=1+1', '', '', 'Pending'],
  [
    '2',
    '2026-06-02 10:00:00',
    '=HYPERLINK("http://evil.example")',
    'line one\nline "two", three',
    '',
    'Synced',
  ],
  [
    '3',
    '2026-06-01 10:00:00',
    'Zoë <b>&</b> ☃ 😀',
    '  two leading, one trailing ',
    'https://x.example/s.png',
    'Failed',
  ],
  ['4', '2026-05-31 10:00:00', '0012', '1e5', 'TRUE', '#N/A'],
];

describe('writeXlsx', () => {
  it('writes a workbook that exceljs reads back cell for cell, every cell a string', async () => {
    // Text that looks like an entity stays text (exceljs's own files read back as '&' here: its reader
    // decodes their cells twice).
    const entity = ['5', '2026-05-30 10:00:00', '&amp; &lt;', '&#10;', '', 'Synced'];
    const file = await xlsxOf('Café survey', HEADER, ROWS.slice(0, 2), [], ROWS.slice(2), [entity]);
    const { name, rows, sheet } = await readBack(file);
    expect(name).toBe('Café survey');
    expect(rows).toEqual([HEADER, ...ROWS, entity]);
    for (let column = 1; column <= HEADER.length; column++) {
      for (const row of [1, 2, 3, 4, 5, 6]) {
        const cell = sheet.getRow(row).getCell(column);
        if (cell.value !== null)
          expect(cell.type, `row ${row} column ${column}`).toBe(ExcelJS.ValueType.String);
      }
    }
  });

  it('reads back with the same values as the file exceljs wrote before it', async () => {
    const ours = await readBack(await xlsxOf('Café survey', HEADER, ROWS));
    const theirs = await readBack(await exceljsXlsxOf('Café survey', HEADER, ROWS));
    expect(ours.name).toBe(theirs.name);
    expect(ours.rows).toEqual(theirs.rows);
  });

  it('is a ZIP of the five parts of a one-sheet workbook, in the order the content types name them', async () => {
    const { entries } = readZip(await xlsxOf('Sheet & <Co> "quoted"', ['A'], [['x']]));
    expect(entries.map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const part = (name: string) =>
      entries.find((entry) => entry.name === name)?.content.toString('utf8') ?? '';
    const contentTypes = part('[Content_Types].xml');
    for (const name of ['/xl/workbook.xml', '/xl/worksheets/sheet1.xml', '/xl/styles.xml']) {
      expect(contentTypes).toContain(`PartName="${name}"`);
    }
    expect(part('xl/workbook.xml')).toContain(
      '<sheet name="Sheet &amp; &lt;Co> &quot;quoted&quot;" sheetId="1"',
    );
    expect(part('xl/worksheets/sheet1.xml')).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8" standalone="yes"\?>\n<worksheet .*<sheetData><row r="1">.*<\/row><\/sheetData><\/worksheet>$/s,
    );
  });

  it('reads back thousands of rows across many batches in order', async () => {
    const batches: string[][][] = [];
    for (let batch = 0; batch < 20; batch++) {
      batches.push(
        Array.from({ length: 500 }, (_, n) => {
          const no = batch * 500 + n + 1;
          return [String(no), `Respondent ${no}`, no % 7 === 0 ? '' : `r${no}@example.org`];
        }),
      );
    }
    const { rows } = await readBack(await xlsxOf('Large', ['No.', 'Name', 'Email'], ...batches));
    expect(rows).toHaveLength(10_001);
    expect(rows[1]).toEqual(['1', 'Respondent 1', 'r1@example.org']);
    expect(rows[7]).toEqual(['7', 'Respondent 7']);
    expect(rows[10_000]).toEqual(['10000', 'Respondent 10000', 'r10000@example.org']);
  });

  it('ends the output with the header alone when there are no responses', async () => {
    const { rows } = await readBack(await xlsxOf('', ['No.', 'Name']));
    expect(rows).toEqual([['No.', 'Name']]);
  });

  it('stops reading batches and returns when the client leaves', async () => {
    const out = new PassThrough();
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read++;
          // Random text: the batch deflates to more than `out` holds before it asks to drain.
          yield Array.from({ length: 500 }, (_, n) => [String(n), randomBytes(75).toString('base64')]);
        }
      } finally {
        closed = true;
      }
    }
    // Nobody reads `out`: the writer waits for it to drain.
    const writing = writeXlsx(out, 'Left', ['No.', 'Text'], endless());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(4);
    out.destroy();
    await expect(writing).resolves.toBeUndefined();
    expect(closed).toBe(true);
  });

  it('passes on a failing batch (the route then cuts the download)', async () => {
    async function* failing() {
      yield [['1']];
      throw new Error('database gone');
    }
    await expect(writeXlsx(new PassThrough(), 'X', ['No.'], failing())).rejects.toThrow('database gone');
  });
});

describe('rowXml', () => {
  it('writes each value as an inline string with its reference, and no cell for an empty value', () => {
    expect(rowXml(7, ['a', '', 'c'])).toBe(
      '<row r="7"><c r="A7" t="inlineStr"><is><t>a</t></is></c><c r="C7" t="inlineStr"><is><t>c</t></is></c></row>',
    );
    expect(rowXml(2, ['', ''])).toBe('<row r="2"></row>');
  });

  it('keeps leading and trailing spaces and line breaks with xml:space="preserve"', () => {
    for (const value of [' lead', 'trail ', 'one\ntwo', 'tab\there', 'cr\rhere']) {
      expect(rowXml(1, [value])).toContain('<t xml:space="preserve">');
    }
    expect(rowXml(1, ['inner space'])).toContain('<t>inner space</t>');
  });
});

describe('xmlText', () => {
  it('escapes & < > and keeps quotes, which text content does not need escaped', () => {
    expect(xmlText(`<b a="1">Tom & 'Jerry'</b>`)).toBe(`&lt;b a="1"&gt;Tom &amp; 'Jerry'&lt;/b&gt;`);
    expect(xmlText('&amp;')).toBe('&amp;amp;');
  });

  it('leaves out the characters XML 1.0 forbids, keeping tab, LF, CR and paired surrogates', () => {
    expect(xmlText('a\u0000b\u0001c\u001Fd\uFFFEe\uFFFFf\tg\nh\ri')).toBe('abcdef\tg\nh\ri');
    expect(xmlText('lone \uD800 high, lone \uDC00 low, pair 😀')).toBe('lone  high, lone  low, pair 😀');
  });

  it('escapes the underscore of what Excel would read as an escaped character, so it reads as written', () => {
    expect(xmlText('_x000D_ and _x0041_ and _xABcd_')).toBe(
      '_x005F_x000D_ and _x005F_x0041_ and _x005F_xABcd_',
    );
    expect(xmlText('_x12_ _xGGGG_ x0041_ _X0041_')).toBe('_x12_ _xGGGG_ x0041_ _X0041_');
  });
});

describe('columnName', () => {
  it('counts A to Z, then AA, up to Excel’s last column XFD', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});

describe('worksheetName', () => {
  it("follows Excel's sheet-name rules", () => {
    expect(worksheetName('Café survey')).toBe('Café survey');
    expect(worksheetName('a:b\\c/d?e*f[g]h')).toBe('a b c d e f g h');
    expect(worksheetName('x'.repeat(40))).toBe('x'.repeat(31));
    expect(worksheetName(' [] ')).toBe('Responses');
    expect(worksheetName('Odd\uFFFE characters\u0001')).toBe('Odd characters');
  });

  it('does not cut a surrogate pair in two at 31 characters', () => {
    expect(worksheetName(`${'x'.repeat(30)}😀 more`)).toBe('x'.repeat(30));
    expect(worksheetName(`${'x'.repeat(29)}😀 more`)).toBe(`${'x'.repeat(29)}😀`);
  });
});
