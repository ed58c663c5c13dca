import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** Rendering pauses while this much of the ZIP waits for a slow client. */
const BUFFERED_LIMIT_BYTES = 8 * 1024 * 1024;

export interface ZipEntry {
  name: string;
  pdf: Buffer;
}

/**
 * Writes entries into a ZIP as they come and answers its byte stream at once. Entries are stored, not
 * deflated: a PDF's content is already compressed, so deflating again costs time and saves little.
 * Production pauses while the client is behind and stops when `stopped()` turns true (the client left).
 * A failure after the first byte can only be told by breaking the stream, so it is destroyed with the
 * error (the download fails visibly rather than ending as a short, valid-looking ZIP).
 */
export function streamZip(
  entries: AsyncIterable<ZipEntry>,
  options: { stopped: () => boolean; onError: (error: unknown) => void },
): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  void (async () => {
    try {
      for await (const entry of entries) {
        zip.addBuffer(entry.pdf, entry.name, { compress: false, mtime: new Date() });
        while (output.readableLength > BUFFERED_LIMIT_BYTES && !options.stopped()) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        // Leaving the loop ends the entries' generator: nothing more is rendered for a client that left.
        if (options.stopped()) {
          output.destroy();
          return;
        }
      }
      zip.end();
    } catch (error) {
      options.onError(error);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return output;
}
