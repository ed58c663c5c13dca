import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../test/public-forms.js';
import {
  chunkTypes,
  headerThenGarbage,
  pngChunk,
  rgbaPixels,
  withChunksBeforeEnd,
} from './png.test-support.js';
import { InvalidPngError, reencodePng } from './png-reencode.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG from raw scanlines (each with its filter byte), in any format pngjs cannot write itself. */
function encodeRaw(
  width: number,
  height: number,
  format: { bitDepth: number; colourType: number; interlace?: 0 | 1 },
  scanlines: number[],
  extra: Buffer[] = [],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([format.bitDepth, format.colourType, 0, 0, format.interlace ?? 0], 8);
  return Buffer.concat([
    SIGNATURE,
    pngChunk('IHDR', header),
    ...extra,
    pngChunk('IDAT', zlib.deflateSync(Buffer.from(scanlines))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const rgba = (...pixels: number[][]) => Buffer.from(pixels.flat());

describe('reencodePng', () => {
  it('keeps the pixels of every colour type and bit depth, as 8-bit RGBA with only IHDR, IDAT and IEND', () => {
    const cases: Array<[string, Buffer, Buffer]> = [
      [
        '1-bit greyscale',
        encodeRaw(3, 1, { bitDepth: 1, colourType: 0 }, [0, 0b10100000]),
        rgba([255, 255, 255, 255], [0, 0, 0, 255], [255, 255, 255, 255]),
      ],
      [
        'a palette with transparency',
        encodeRaw(
          2,
          1,
          { bitDepth: 8, colourType: 3 },
          [0, 1, 0],
          [pngChunk('PLTE', Buffer.from([10, 20, 30, 200, 100, 50])), pngChunk('tRNS', Buffer.from([0]))],
        ),
        rgba([200, 100, 50, 255], [10, 20, 30, 0]),
      ],
      [
        '16-bit RGB',
        encodeRaw(1, 1, { bitDepth: 16, colourType: 2 }, [0, 0xff, 0xff, 0x80, 0x00, 0x00, 0x00]),
        rgba([255, 128, 0, 255]),
      ],
      [
        'interlaced (Adam7) RGB',
        // 2 x 2: pass 1 holds (0,0), pass 6 holds (1,0), pass 7 holds the second row.
        encodeRaw(2, 2, { bitDepth: 8, colourType: 2, interlace: 1 }, [
          ...[0, 1, 2, 3],
          ...[0, 4, 5, 6],
          ...[0, 7, 8, 9, 10, 11, 12],
        ]),
        rgba([1, 2, 3, 255], [4, 5, 6, 255], [7, 8, 9, 255], [10, 11, 12, 255]),
      ],
    ];
    for (const [name, png, pixels] of cases) {
      const out = reencodePng(png);
      expect(chunkTypes(out), name).toEqual(['IHDR', 'IDAT', 'IEND']);
      // IHDR: 8-bit RGBA, not interlaced.
      expect([...out.subarray(24, 29)], name).toEqual([8, 6, 0, 0, 0]);
      expect(rgbaPixels(out).data, name).toEqual(pixels);
    }
  });

  it('drops ancillary chunks (text, private, gamma) and anything after IEND', () => {
    const html = '<html><script>alert(1)</script></html>';
    const png = makePng(30, 10);
    const carrier = Buffer.concat([
      withChunksBeforeEnd(
        png,
        pngChunk('tEXt', Buffer.from(`Comment\0${html}`, 'latin1')),
        pngChunk('zzZz', Buffer.from(html)),
        pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])),
      ),
      Buffer.from(html),
    ]);
    const out = reencodePng(carrier);
    expect(chunkTypes(out)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(out.includes('<script')).toBe(false);
    expect(rgbaPixels(out)).toEqual(rgbaPixels(png));
  });

  it('reads a Uint8Array view at an offset (as a worker thread receives it)', () => {
    const png = makePng(8, 4);
    const padded = Buffer.concat([Buffer.from('junk'), png, Buffer.from('more')]);
    const view = new Uint8Array(padded.buffer, padded.byteOffset + 4, png.length);
    expect(rgbaPixels(reencodePng(view))).toEqual(rgbaPixels(png));
  });

  it('keeps an image that needs row filters small (filters are used when the quick encoding grows)', () => {
    // A random first row, each next row one more: without the Up filter no row repeats another, so the
    // unfiltered encoding is about the raw size; with it every row after the first is all ones.
    const image = new PNG({ width: 256, height: 256 });
    const first = randomBytes(256 * 4);
    for (let y = 0; y < 256; y++) {
      for (let i = 0; i < first.length; i++) image.data[y * first.length + i] = ((first[i] ?? 0) + y) & 0xff;
    }
    const png = PNG.sync.write(image);
    expect(png.length).toBeLessThan(16 * 1024);
    const out = reencodePng(png);
    expect(out.length).toBeLessThanOrEqual(2 * png.length);
    expect(rgbaPixels(out).data.equals(image.data)).toBe(true);
  });

  const valid = makePng(40, 20);
  const withBadIdatCrc = Buffer.from(valid);
  withBadIdatCrc[valid.length - 13] = (withBadIdatCrc[valid.length - 13] ?? 0) ^ 0xff;
  const invalid: Array<[string, Buffer]> = [
    ['HTML after a valid header', headerThenGarbage()],
    ['a file cut short', valid.subarray(0, valid.length - 20)],
    ['no IEND', valid.subarray(0, valid.length - 12)],
    ['an image chunk whose checksum is wrong', withBadIdatCrc],
    [
      'image data that is not deflate',
      Buffer.concat([
        valid.subarray(0, 33),
        pngChunk('IDAT', Buffer.from('not deflate')),
        pngChunk('IEND', Buffer.alloc(0)),
      ]),
    ],
    // pngjs would decode the missing rows from a buffer it never filled: leftover memory in the image.
    ['too few rows', encodeRaw(2, 3, { bitDepth: 8, colourType: 0 }, [0, 1, 2])],
    ['a row too many', encodeRaw(2, 1, { bitDepth: 8, colourType: 0 }, [0, 1, 2, 0, 3, 4])],
    [
      'a palette index outside the palette',
      encodeRaw(1, 1, { bitDepth: 8, colourType: 3 }, [0, 9], [pngChunk('PLTE', Buffer.from([1, 2, 3]))]),
    ],
    ['a palette image without a palette', encodeRaw(1, 1, { bitDepth: 8, colourType: 3 }, [0, 0])],
    ['a critical chunk pngjs does not know', withChunksBeforeEnd(valid, pngChunk('ABCD', Buffer.alloc(4)))],
    [
      'a chunk before IHDR',
      Buffer.concat([SIGNATURE, pngChunk('tEXt', Buffer.from('a\0b')), valid.subarray(8)]),
    ],
    ['only a signature', SIGNATURE],
  ];
  it.each(invalid)('throws InvalidPngError for %s', (_name, bytes) => {
    expect(() => reencodePng(bytes)).toThrow(InvalidPngError);
  });

  it('refuses an interlaced image whose data inflates past what its header claims, without inflating it all', () => {
    // 64 x 64 greyscale needs about 4 KiB; this inflates to 64 MiB (pngjs would build it all in memory).
    const bomb = Buffer.concat([
      encodeRaw(64, 64, { bitDepth: 8, colourType: 0, interlace: 1 }, []).subarray(0, 33),
      pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 })),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const before = process.memoryUsage().rss;
    expect(() => reencodePng(bomb)).toThrow(InvalidPngError);
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });
});
