import zlib from 'node:zlib';

/** The 8 bytes every PNG file starts with (PNG specification, section 5.2). */
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Whether the bytes are a PNG, judged by content, never by file name or declared type: the signature,
 * then the IHDR chunk that must come first (length 13 at byte 8, type at byte 12).
 */
export function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 8 + 13 + 4) return false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (
    buffer.subarray(0, 8).equals(PNG_SIGNATURE) &&
    buffer.readUInt32BE(8) === 13 &&
    buffer.toString('latin1', 12, 16) === 'IHDR'
  );
}

/**
 * What a signature image may decode to. A PNG of a few hundred bytes can claim 100,000 x 100,000
 * pixels; anything that renders it (the PDF renderer, a browser, a sheet preview) would then inflate
 * gigabytes. A drawn signature is a few hundred pixels a side (its pad at most 800 x 400, times the
 * screen's pixel ratio). The pixel count is capped too, because every decoder (ours in png-reencode.ts,
 * browsers, the PDF renderer) expands pixels to 4 bytes each: 4000 x 4000 at 1 bit is 2 MB packed but
 * 64 MB decoded, and seconds of decoding.
 */
export const PNG_LIMITS = {
  maxSidePixels: 4_000,
  maxDecodedBytes: 16 * 1024 * 1024,
  /** 16 MiB of 8-bit RGBA: 2048 x 2048, or 4000 x 1048. */
  maxPixels: (16 * 1024 * 1024) / 4,
} as const;

/** Channels per pixel of each colour type, and the bit depths it allows (PNG specification, 11.2.2). */
const COLOUR_TYPES: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

export type PngHeaderCheck =
  | { ok: true; width: number; height: number; decodedBytes: number }
  | { ok: false; reason: 'malformed' | 'too-many-pixels' | 'too-large-decoded' };

/**
 * Reads the IHDR of a PNG (`isPng` first) and checks it against PNG_LIMITS: the chunk's CRC, every
 * field's allowed values, each side at most 4,000 px, and the decoded size at most 16 MB both as stored
 * (one filter byte per row plus the row's packed pixels) and as 8-bit RGBA (the pixel count).
 */
export function checkPngHeader(bytes: Uint8Array): PngHeaderCheck {
  if (!isPng(bytes)) return { ok: false, reason: 'malformed' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The CRC covers the chunk type and data: bytes 12..29, stored at 29.
  if (zlib.crc32(buffer.subarray(12, 29)) !== buffer.readUInt32BE(29))
    return { ok: false, reason: 'malformed' };
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  const [bitDepth, colourType, compression, filter, interlace] = buffer.subarray(24, 29);
  const colour = colourType === undefined ? undefined : COLOUR_TYPES[colourType];
  if (
    width === 0 ||
    height === 0 ||
    width > 0x7fffffff ||
    height > 0x7fffffff ||
    !colour ||
    bitDepth === undefined ||
    !colour.depths.includes(bitDepth) ||
    compression !== 0 ||
    filter !== 0 ||
    (interlace !== 0 && interlace !== 1)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (width > PNG_LIMITS.maxSidePixels || height > PNG_LIMITS.maxSidePixels) {
    return { ok: false, reason: 'too-many-pixels' };
  }
  const rowBytes = Math.ceil((width * colour.channels * bitDepth) / 8);
  const decodedBytes = (rowBytes + 1) * height;
  if (decodedBytes > PNG_LIMITS.maxDecodedBytes || width * height > PNG_LIMITS.maxPixels) {
    return { ok: false, reason: 'too-large-decoded' };
  }
  return { ok: true, width, height, decodedBytes };
}
