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
