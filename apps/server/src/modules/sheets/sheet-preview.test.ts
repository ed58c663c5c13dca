import { describe, expect, it } from 'vitest';
import { shapePreview } from './sheet-preview.js';

describe('shapePreview', () => {
  it('names empty headers Column {n}, counting from 1', () => {
    const { headers } = shapePreview(['Name', '', '  ', 'Email'], [['a', 'b', 'c', 'd']]);
    expect(headers.map((h) => h.name)).toEqual(['Name', 'Column 2', 'Column 3', 'Email']);
    expect(headers.map((h) => h.index)).toEqual([0, 1, 2, 3]);
  });

  it('keeps at most 5 data rows, padded to the header count', () => {
    const rows = Array.from({ length: 8 }, (_, i) => [`r${i}`]);
    const preview = shapePreview(['A', 'B'], rows);
    expect(preview.rows).toEqual([
      ['r0', ''],
      ['r1', ''],
      ['r2', ''],
      ['r3', ''],
      ['r4', ''],
    ]);
  });

  it('gives each header up to 3 samples: the first non-blank values of its column', () => {
    const preview = shapePreview(
      ['Name', 'Email'],
      [
        ['Ann', ''],
        ['Bob', 'bob@x.org'],
        ['Cy', ''],
        ['Di', 'di@x.org'],
        ['Ed', 'ed@x.org'],
      ],
    );
    expect(preview.headers[0]?.sampleData).toEqual(['Ann', 'Bob', 'Cy']);
    expect(preview.headers[1]?.sampleData).toEqual(['bob@x.org', 'di@x.org', 'ed@x.org']);
  });

  it('turns data beyond the last header into Column {n} fields', () => {
    const preview = shapePreview(['Name'], [['Ann', 'extra']]);
    expect(preview.headers.map((h) => h.name)).toEqual(['Name', 'Column 2']);
    expect(preview.headers[1]?.sampleData).toEqual(['extra']);
  });

  it('reports an empty sheet as empty, and a header-only sheet as headers without rows', () => {
    expect(shapePreview([], [])).toEqual({ empty: true, headers: [], rows: [] });
    expect(shapePreview(['', ''], [[''], []])).toEqual({ empty: true, headers: [], rows: [] });
    const headerOnly = shapePreview(['Name', 'Email'], []);
    expect(headerOnly.empty).toBe(false);
    expect(headerOnly.rows).toEqual([]);
    expect(headerOnly.headers.map((h) => h.sampleData)).toEqual([[], []]);
  });
});
