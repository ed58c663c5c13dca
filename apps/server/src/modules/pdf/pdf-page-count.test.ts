import { describe, expect, it } from 'vitest';
import { pdfPageCount } from './pdf-page-count.js';

/** A PDF's page tree as Chromium (Skia) writes it: leaves of up to 8 pages under one root. */
function skiaLikePdf(pages: number): Buffer {
  const leaves = Array.from(
    { length: Math.ceil(pages / 8) },
    (_, i) =>
      `${i + 2} 0 obj\n<</Type /Pages\n/Count ${Math.min(8, pages - i * 8)}\n/Parent 1 0 R\n/Kids [3 0 R]>>\nendobj`,
  );
  return Buffer.from(
    [
      '%PDF-1.4',
      // A compressed content stream may hold any bytes, a stray "/Count" among them.
      'stream\n\u0089\u00ff/Count 9999 <<>>\nendstream',
      ...leaves,
      `1 0 obj\n<</Type /Pages\n/Count ${pages}\n/Kids [2 0 R]>>\nendobj`,
      // An outline also has a /Count; it is not the page count.
      '9 0 obj\n<</Type /Outlines\n/Count 500>>\nendobj',
      '10 0 obj\n<</Type /Catalog\n/Pages 1 0 R>>\nendobj',
      '%%EOF',
    ].join('\n'),
    'latin1',
  );
}

describe('pdfPageCount', () => {
  it('reads the count of the page tree root', () => {
    expect(pdfPageCount(skiaLikePdf(1))).toBe(1);
    expect(pdfPageCount(skiaLikePdf(20))).toBe(20);
    expect(pdfPageCount(skiaLikePdf(201))).toBe(201);
  });

  it('throws on a PDF whose page tree it cannot read', () => {
    expect(() => pdfPageCount(Buffer.from('%PDF-1.7\n1 0 obj\n<</Type /Catalog>>\nendobj\n%%EOF'))).toThrow(
      'no page tree',
    );
  });
});
