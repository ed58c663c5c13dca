import { csvRecord } from './csv-guard.js';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const UTF8_BOM = '\uFEFF';

/**
 * The CSV file as chunks, one per batch of rows: meant for Readable.from, which pulls the next chunk
 * only when the client has taken the last one, so memory holds one batch whatever the size of the export.
 */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<Iterable<readonly string[]>>,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvRecord(header);
  for await (const rows of batches) {
    let text = '';
    for (const cells of rows) text += csvRecord(cells);
    yield text;
  }
}
