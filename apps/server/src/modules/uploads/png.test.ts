import { describe, expect, it } from 'vitest';
import { makePng } from '../../test/public-forms.js';
import { isPng, PNG_SIGNATURE } from './png.js';

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
