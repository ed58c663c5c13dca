import { describe, expect, it } from 'vitest';
import { makePng, makePngClaiming } from '../../test/public-forms.js';
import { checkPngHeader, isPng, PNG_SIGNATURE } from './png.js';

describe('isPng', () => {
  it('accepts real PNG files of any size', () => {
    expect(isPng(makePng())).toBe(true);
    expect(isPng(makePng(400, 200))).toBe(true);
    expect(isPng(makePng(1, 1, 10_000))).toBe(true);
  });

  const png = makePng();
  const cases: Array<[string, Uint8Array]> = [
    ['empty', Buffer.alloc(0)],
    ['only the signature', PNG_SIGNATURE],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(40)])],
    ['a GIF', Buffer.from(`GIF89a${'\0'.repeat(40)}`, 'latin1')],
    [
      'an SVG named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['HTML', Buffer.from('<!doctype html><html><body>hi</body></html>')],
    ['a PNG signature with one byte changed', Buffer.from([...png.subarray(0, 7), 0x0b, ...png.subarray(8)])],
    ['a signature followed by no IHDR', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(40)])],
    ['a truncated PNG header', png.subarray(0, 20)],
  ];
  it.each(cases)('refuses %s', (_name, bytes) => {
    expect(isPng(bytes)).toBe(false);
  });

  it('reads a Uint8Array view at an offset correctly', () => {
    const padded = Buffer.concat([Buffer.from('junk'), png]);
    expect(isPng(new Uint8Array(padded.buffer, padded.byteOffset + 4, png.length))).toBe(true);
    expect(isPng(new Uint8Array(padded.buffer, padded.byteOffset, png.length))).toBe(false);
  });
});

describe('checkPngHeader', () => {
  it('accepts signature-sized images and answers their decoded size', () => {
    expect(checkPngHeader(makePng(400, 200))).toEqual({
      ok: true,
      width: 400,
      height: 200,
      decodedBytes: (400 * 3 + 1) * 200,
    });
    expect(checkPngHeader(makePngClaiming(4000, 1000, { colourType: 6 }))).toMatchObject({ ok: true });
    // 1-bit greyscale packs 8 pixels a byte: 4000 x 1000 is half a megabyte as stored.
    expect(checkPngHeader(makePngClaiming(4000, 1000, { bitDepth: 1, colourType: 0 }))).toMatchObject({
      ok: true,
      decodedBytes: (500 + 1) * 1000,
    });
    expect(checkPngHeader(makePngClaiming(2048, 2048, { bitDepth: 8, colourType: 0 }))).toMatchObject({
      ok: true,
    });
  });

  it('refuses more pixels than 16 MB holds as 8-bit RGBA, whatever the packing (decoders expand to it)', () => {
    // 4000 x 4000 is 2 MB as 1-bit and 16 MB as 8-bit greyscale, but 64 MB once decoded to RGBA.
    for (const [bitDepth, colourType] of [
      [1, 0],
      [8, 0],
      [8, 3],
    ] as const) {
      expect(checkPngHeader(makePngClaiming(4000, 4000, { bitDepth, colourType }))).toEqual({
        ok: false,
        reason: 'too-large-decoded',
      });
    }
    expect(checkPngHeader(makePngClaiming(2048, 2049, { bitDepth: 1, colourType: 0 }))).toEqual({
      ok: false,
      reason: 'too-large-decoded',
    });
  });

  it('refuses more than 4,000 pixels on a side', () => {
    expect(checkPngHeader(makePngClaiming(100_000, 100_000))).toEqual({
      ok: false,
      reason: 'too-many-pixels',
    });
    expect(checkPngHeader(makePngClaiming(4001, 10))).toEqual({ ok: false, reason: 'too-many-pixels' });
    expect(checkPngHeader(makePngClaiming(10, 4001))).toEqual({ ok: false, reason: 'too-many-pixels' });
  });

  it('refuses a decoded size over 16 MB (rows of packed pixels plus a filter byte each)', () => {
    // RGBA 8-bit 2048 x 2048: (8192 + 1) x 2048 = 16,779,264 bytes, just over 16 MiB.
    expect(checkPngHeader(makePngClaiming(2048, 2048, { colourType: 6 }))).toEqual({
      ok: false,
      reason: 'too-large-decoded',
    });
    expect(checkPngHeader(makePngClaiming(2047, 2048, { colourType: 6 }))).toMatchObject({ ok: true });
    // 16-bit RGBA 4000 x 4000 would be 128 MB.
    expect(checkPngHeader(makePngClaiming(4000, 4000, { bitDepth: 16, colourType: 6 }))).toEqual({
      ok: false,
      reason: 'too-large-decoded',
    });
  });

  const malformed: Array<[string, Buffer]> = [
    ['a zero width', makePngClaiming(0, 10)],
    ['a zero height', makePngClaiming(10, 0)],
    ['a width over 2^31 - 1', makePngClaiming(0x80000000, 10)],
    ['an unknown colour type', makePngClaiming(10, 10, { colourType: 5 })],
    ['a bit depth the colour type does not allow', makePngClaiming(10, 10, { bitDepth: 4, colourType: 2 })],
    ['a bit depth of 0', makePngClaiming(10, 10, { bitDepth: 0, colourType: 0 })],
    ['an unknown compression method', makePngClaiming(10, 10, { ihdr: [8, 2, 1, 0, 0] })],
    ['an unknown filter method', makePngClaiming(10, 10, { ihdr: [8, 2, 0, 1, 0] })],
    ['an unknown interlace method', makePngClaiming(10, 10, { ihdr: [8, 2, 0, 0, 2] })],
    ['a header whose checksum is wrong', makePngClaiming(10, 10, { badCrc: true })],
    ['not a PNG at all', Buffer.from('GIF89a')],
  ];
  it.each(malformed)('refuses %s as malformed', (_name, bytes) => {
    expect(checkPngHeader(bytes)).toEqual({ ok: false, reason: 'malformed' });
  });
});
