import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { CSV_CHUNK_CHARACTERS, csvChunks } from './csv-export.js';
import { csvRecord } from './csv-guard.js';

/** The writer as it was before it chunked: one chunk per batch, made in one step. The reference bytes. */
async function* wholeBatchChunks(
  header: readonly string[],
  batches: AsyncIterable<Iterable<readonly string[]>>,
): AsyncGenerator<string> {
  yield `\uFEFF${csvRecord(header)}`;
  for await (const rows of batches) {
    let text = '';
    for (const cells of rows) text += csvRecord(cells);
    yield text;
  }
}

const COLUMNS = 300;
const header = Array.from({ length: COLUMNS }, (_, column) => `Question ${column}`);

/** A wide row whose cells need guarding and quoting, span lines and hold characters of 2 to 4 UTF-8 bytes. */
function wideRow(row: number): string[] {
  return Array.from({ length: COLUMNS }, (_, column) => {
    switch ((row + column) % 6) {
      case 0:
        return '';
      case 1:
        return `=SUM(A${row})`;
      case 2:
        return `say "hi", ${row}\r\nline two`;
      case 3:
        return `Zoë 😀 ${column}`;
      case 4:
        return `-${row}`;
      default:
        return `plain ${row}-${column}`;
    }
  });
}

/** Batches of rows made as they are iterated (as the service makes them), counting the rows made. */
function batchesOf(sizes: readonly number[], made: { rows: number } = { rows: 0 }) {
  return (async function* () {
    let row = 0;
    for (const size of sizes) {
      const first = row;
      row += size;
      yield (function* () {
        for (let index = first; index < first + size; index++) {
          made.rows++;
          yield wideRow(index);
        }
      })();
    }
  })();
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('csvChunks', () => {
  it('writes the same bytes as one chunk per batch did, for a wide export', async () => {
    const sizes = [500, 500, 37];
    const reference = (await collect(wholeBatchChunks(header, batchesOf(sizes)))).join('');
    const chunks = await collect(csvChunks(header, batchesOf(sizes)));
    expect(chunks.join('')).toBe(reference);

    // And as the route sends them: the UTF-8 bytes of the stream.
    const sent: Buffer[] = [];
    for await (const bytes of Readable.from(csvChunks(header, batchesOf(sizes)), { objectMode: false })) {
      sent.push(bytes as Buffer);
    }
    expect(Buffer.concat(sent).equals(Buffer.from(reference, 'utf8'))).toBe(true);
    expect(Buffer.concat(sent).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('cuts a wide batch into chunks of whole rows, awaiting a turn after each, where it was one step', async () => {
    const sizes = [500, 500, 37];
    const reference = await collect(wholeBatchChunks(header, batchesOf(sizes)));
    // Header, then one chunk per batch.
    expect(reference).toHaveLength(4);

    const record = csvRecord(wideRow(0)).length;
    expect(record).toBeLessThan(CSV_CHUNK_CHARACTERS);
    let turns = 0;
    const chunks = await collect(
      csvChunks(header, batchesOf(sizes), async () => {
        turns++;
      }),
    );
    const rows = chunks.slice(1);
    // Each batch of 500 rows of about 10 k characters becomes dozens of chunks.
    expect(rows.length).toBeGreaterThan(2 * Math.floor((500 * record) / (CSV_CHUNK_CHARACTERS + record)));
    for (const chunk of rows) {
      expect(chunk.length).toBeLessThan(CSV_CHUNK_CHARACTERS + 2 * record);
      // A chunk ends at the end of a record: a cell's own CRLF is inside its quotes.
      expect(chunk.endsWith('"\r\n')).toBe(true);
    }
    // The writer waits for the event loop after every chunk of rows.
    expect(turns).toBe(rows.length);
  });

  it('lets the event loop run between the chunks of a batch', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const seen: number[] = [];
    for await (const _chunk of csvChunks(header, batchesOf([500]))) seen.push(turns);
    counting = false;
    // Immediates ran while the one batch was written, not only once it was done.
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(seen.length / 2);
  });

  it('makes rows only as the client takes them: one that reads nothing holds up the batch', async () => {
    const made = { rows: 0 };
    const reference = (await collect(wholeBatchChunks(header, batchesOf([500, 500])))).join('');
    // A client that takes nothing until released: its first write is never called back.
    let held = true;
    let release: (() => void) | undefined;
    const received: Buffer[] = [];
    const client = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk);
        if (held) release = callback;
        else callback();
      },
    });
    Readable.from(csvChunks(header, batchesOf([500, 500], made)), { objectMode: false }).pipe(client);
    for (let turn = 0; turn < 20; turn++) await nextTurn();
    // The chunk the client holds and the one the stream buffers: not the whole batch of 500 as before.
    const rowsPerChunk = Math.ceil(CSV_CHUNK_CHARACTERS / csvRecord(wideRow(0)).length);
    expect(made.rows).toBeGreaterThan(0);
    expect(made.rows).toBeLessThanOrEqual(3 * rowsPerChunk);

    held = false;
    release?.();
    await finished(client);
    expect(made.rows).toBe(1000);
    expect(Buffer.concat(received).toString('utf8')).toBe(reference);
  });
});
