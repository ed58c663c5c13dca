import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { extractText, getDocumentProxy } from 'unpdf';

/** Tests that need a real browser skip, saying so, when there is none at the configured default. */
export const TEST_CHROMIUM = '/usr/bin/chromium';

/** A PDF's text (all pages), page count, first page size in points (floored) and image objects. */
export async function readPdf(pdf: Uint8Array): Promise<{
  text: string;
  pages: number;
  size: [number, number];
  images: number;
}> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const page = await document.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  const { text, totalPages } = await extractText(document, { mergePages: true });
  // Image objects as the PDF declares them (Chromium writes object dictionaries uncompressed); unpdf's
  // image extraction needs APIs Node 20 lacks.
  const images =
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Subtype\s*\/Image\b/g)?.length ?? 0;
  // Chromium rounds the page to whole CSS pixels (A4: 595.92 × 842.88 points).
  return { text, pages: totalPages, size: [Math.floor(width), Math.floor(height)], images };
}

/** A local server that counts every request reaching it: a stand-in for an internal address. */
export async function countingServer() {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hits,
    base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The entries of a ZIP whose entries are stored (method 0), read from its central directory: enough to
 * check the PDF export's ZIP without an unzip library. Throws on anything it does not understand.
 */
export function readStoredZip(zip: Buffer): Array<{ name: string; data: Buffer }> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('no end of central directory: not a complete ZIP');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: Array<{ name: string; data: Buffer }> = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (method !== 0) throw new Error(`entry ${name} is compressed (method ${method})`);
    if (zip.readUInt32LE(localOffset) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const localName = zip.readUInt16LE(localOffset + 26);
    const localExtra = zip.readUInt16LE(localOffset + 28);
    const start = localOffset + 30 + localName + localExtra;
    entries.push({ name, data: zip.subarray(start, start + size) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
