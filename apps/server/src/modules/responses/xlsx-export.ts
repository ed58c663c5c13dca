import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { withoutXmlForbiddenCharacters } from '@sheetforms/contract';
import type ExcelJS from 'exceljs';

/**
 * exceljs is loaded on the first export, not at start: it adds about 28 MiB to the resident set of a
 * server that may never export (docs/performance.md, memory).
 */
let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => {
  // A CommonJS module: its exports arrive as the namespace's default.
  excel ??= import('exceljs').then((module) => (module as unknown as { default: typeof ExcelJS }).default);
  return excel;
};

/**
 * Writes the XLSX file to `out` with exceljs's streaming writer: each row is committed (serialized and
 * handed to the zip stream) as it is added, and no shared-strings table is kept, so memory does not
 * grow with the number of rows. Before each batch it waits for `out` to drain, so a slow client slows
 * the reading from the database instead of filling memory.
 */
export async function writeXlsx(
  out: Writable,
  sheetName: string,
  header: readonly string[],
  batches: AsyncIterable<string[][]>,
): Promise<void> {
  const excelJs = await loadExcel();
  const workbook = new excelJs.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(worksheetName(sheetName));
  sheet.addRow([...header]).commit();
  for await (const rows of batches) {
    // An empty answer is an empty cell, not a cell holding an empty string.
    for (const row of rows) sheet.addRow(row.map((cell) => (cell === '' ? null : cell))).commit();
    if (out.writableNeedDrain) await once(out, 'drain');
    // Let the zip stream compress what was handed over before the next batch is read.
    await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Excel's sheet-name rules: at most 31 characters, none of : \ / ? * [ ]; and none that XML 1.0
 * forbids, since the name is written into the workbook's XML.
 */
export function worksheetName(name: string): string {
  const cleaned = withoutXmlForbiddenCharacters(name)
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned === '' ? 'Responses' : cleaned;
}
