import zlib from 'node:zlib';
import { PNG } from 'pngjs';

/** The bytes are not a PNG that decodes: a damaged chunk, image data that does not inflate or is cut short. */
export class InvalidPngError extends Error {
  constructor(reason: string) {
    super(`not a valid PNG: ${reason}`);
    this.name = 'InvalidPngError';
  }
}

const SIGNATURE_LENGTH = 8;
/** Length, type and CRC around each chunk's data. */
const CHUNK_OVERHEAD = 12;
/** Channels of each colour type (PNG specification, 11.2.2). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7: each pass's first column and row, and its steps (PNG specification, 8.2). */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/**
 * Decodes the whole PNG and encodes its pixels anew as 8-bit RGBA, so that nothing the client sent is
 * kept: no ancillary chunk (text, metadata, a polyglot's payload), no byte after IEND, no odd encoding a
 * viewer might read differently. Throws InvalidPngError for anything that does not decode.
 *
 * Decoding costs time and memory in proportion to the pixels the header claims: call it only on bytes
 * whose header passed checkPngHeader (png.ts). It imports nothing but pngjs and node builtins, so it can run
 * in a worker thread.
 */
export function reencodePng(bytes: Uint8Array): Buffer {
  const png = upToEnd(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  let decoded: PNG;
  try {
    decoded = PNG.sync.read(png);
  } catch (error) {
    throw new InvalidPngError(error instanceof Error ? error.message : String(error));
  }
  // The writer reads only width, height, data and gamma: with gamma 0 it writes no gAMA chunk either.
  decoded.gamma = 0;
  // No filter and zlib's default level: a drawn signature (flat background, thin strokes) comes out as
  // small as with pngjs's adaptive filters at level 9, at a fraction of the time. An image that needs row
  // filters to compress (a gradient, a photo) would grow several times over; it gets them.
  const quick = PNG.sync.write(decoded, { filterType: 0, deflateLevel: 6, deflateStrategy: 0 });
  if (quick.length <= 2 * png.length) return quick;
  const filtered = PNG.sync.write(decoded, { deflateLevel: 6, deflateStrategy: 0 });
  return filtered.length < quick.length ? filtered : quick;
}

/**
 * The PNG up to the end of its IEND chunk (pngjs refuses anything after it; what follows is dropped), after
 * walking its chunks and checking that the image data inflates to exactly the size its header implies.
 * pngjs alone is not safe on this: it inflates an interlaced image without any limit (a few hundred KiB of
 * deflate can claim gigabytes), and when the data is short it decodes the missing rows from a buffer it never
 * filled, which would put leftover process memory into the image we serve.
 */
function upToEnd(png: Buffer): Buffer {
  if (png.length < SIGNATURE_LENGTH + CHUNK_OVERHEAD + 13) throw new InvalidPngError('too short');
  // pngjs checks this too; here it guards the header fields read below.
  if (png.toString('latin1', SIGNATURE_LENGTH + 4, SIGNATURE_LENGTH + 8) !== 'IHDR') {
    throw new InvalidPngError('IHDR is not the first chunk');
  }
  const imageData: Buffer[] = [];
  for (let offset = SIGNATURE_LENGTH; offset + CHUNK_OVERHEAD <= png.length; ) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const end = offset + CHUNK_OVERHEAD + length;
    if (end > png.length) throw new InvalidPngError(`the ${type} chunk is cut short`);
    if (type === 'IDAT') imageData.push(png.subarray(offset + 8, end - 4));
    if (type === 'IEND') {
      checkImageDataSize(png, Buffer.concat(imageData));
      return png.subarray(0, end);
    }
    offset = end;
  }
  throw new InvalidPngError('no IEND chunk');
}

/** Inflates the image data, stopping at the size the header implies; refuses more or less than that. */
function checkImageDataSize(png: Buffer, imageData: Buffer): void {
  const expected = scanlineBytes(png);
  let inflated: Buffer;
  try {
    inflated = zlib.inflateSync(imageData, { maxOutputLength: Math.max(expected, 1) });
  } catch (error) {
    const tooLong = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
    throw new InvalidPngError(tooLong ? 'more image data than its header says' : String(error));
  }
  if (inflated.length !== expected) throw new InvalidPngError('less image data than its header says');
}

/** What the scanlines of the header's image take, each with its filter byte; per pass when interlaced. */
function scanlineBytes(png: Buffer): number {
  const width = png.readUInt32BE(SIGNATURE_LENGTH + 8);
  const height = png.readUInt32BE(SIGNATURE_LENGTH + 12);
  const bitDepth = png[SIGNATURE_LENGTH + 16] ?? 0;
  const channels = CHANNELS[png[SIGNATURE_LENGTH + 17] ?? -1];
  if (channels === undefined) throw new InvalidPngError('unknown colour type');
  const rows = (columns: number, count: number) =>
    (Math.ceil((columns * channels * bitDepth) / 8) + 1) * count;
  if (png[SIGNATURE_LENGTH + 20] !== 1) return rows(width, height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const passWidth = Math.ceil((width - x0) / dx);
    const passHeight = Math.ceil((height - y0) / dy);
    if (passWidth > 0 && passHeight > 0) total += rows(passWidth, passHeight);
  }
  return total;
}
