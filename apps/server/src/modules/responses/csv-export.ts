import { setImmediate as nextTurn } from 'node:timers/promises';
import { csvRecord } from './csv-guard.js';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const UTF8_BOM = '\uFEFF';

/**
 * Rows are handed over in chunks of about this many characters, as the XLSX sheet's are (xlsx-export.ts):
 * below V8's large-object size, and small enough that making one is a short step of the event loop
 * whatever the width of the rows and the size of the batch. A row longer than this is a chunk of its own.
 */
export const CSV_CHUNK_CHARACTERS = 32 * 1024;

/**
 * The CSV file as chunks of whole records: the byte order mark and the header, then each batch's rows in
 * chunks of about CSV_CHUNK_CHARACTERS. Meant for Readable.from, which pulls the next chunk only while
 * the stream is below its high-water mark (the client took what came before), so memory holds one batch
 * whatever the size of the export, and a slow client slows the reading from the database.
 *
 * After each chunk of rows the generator waits for the next turn of the event loop (setImmediate)
 * before making more: Readable.from awaits each chunk with promises only, and a socket that takes the
 * bytes at once never makes it wait either, so without this a whole batch (500 rows of 4,000 columns
 * took 2 s) or several ran as one step, holding up every other request and timer of the server.
 * `turn` is that wait; tests count it.
 */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<Iterable<readonly string[]>>,
  turn: () => Promise<unknown> = nextTurn,
): AsyncGenerator<string> {
  yield UTF8_BOM + csvRecord(header);
  for await (const rows of batches) {
    let text = '';
    for (const cells of rows) {
      text += csvRecord(cells);
      if (text.length >= CSV_CHUNK_CHARACTERS) {
        yield text;
        text = '';
        await turn();
      }
    }
    if (text !== '') {
      yield text;
      await turn();
    }
  }
}
