import zlib from 'node:zlib';
import { PNG } from 'pngjs';

const SIGNATURE_BYTES = 8;

/** One PNG chunk: length, type, data and the CRC over type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The chunk types of a PNG in file order (stops at the first chunk that does not fit). */
export function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let offset = SIGNATURE_BYTES; offset + 12 <= png.length; ) {
    const length = png.readUInt32BE(offset);
    types.push(png.toString('latin1', offset + 4, offset + 8));
    offset += 12 + length;
  }
  return types;
}

/** The PNG with `extra` chunks inserted just before its IEND (the last 12 bytes). */
export function withChunksBeforeEnd(png: Buffer, ...extra: Buffer[]): Buffer {
  return Buffer.concat([png.subarray(0, png.length - 12), ...extra, png.subarray(png.length - 12)]);
}

/** A signature and a valid IHDR, then bytes that are no PNG at all (what passes a header-only check). */
export function headerThenGarbage(width = 400, height = 200): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
  ]);
}

/** The decoded pixels as 8-bit RGBA, for comparing what was sent with what is served. */
export function rgbaPixels(png: Buffer): { width: number; height: number; data: Buffer } {
  const { width, height, data } = PNG.sync.read(png);
  return { width, height, data };
}
