// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { drawingBounds, exportPlacement } from './signature-geometry';

describe('drawingBounds', () => {
  it('is null for an empty pad', () => {
    expect(drawingBounds([], { width: 400, height: 200 }, 2)).toBeNull();
  });

  it('grows by the pen margin and stays inside the pad', () => {
    expect(
      drawingBounds(
        [
          { x: 1, y: 50 },
          { x: 120, y: 199 },
        ],
        { width: 400, height: 200 },
        2,
      ),
    ).toEqual({ minX: 0, minY: 48, maxX: 122, maxY: 200 });
  });
});

describe('exportPlacement', () => {
  const box = { width: 400, height: 200 };

  it('scales a wide drawing until its width is 80% of the box, centred', () => {
    const p = exportPlacement({ minX: 10, minY: 10, maxX: 110, maxY: 30 }, box);
    expect(p.dw).toBeCloseTo(320);
    expect(p.dh).toBeCloseTo(64);
    expect(p.dx).toBeCloseTo(40);
    expect(p.dy).toBeCloseTo(68);
    expect({ sx: p.sx, sy: p.sy, sw: p.sw, sh: p.sh }).toEqual({ sx: 10, sy: 10, sw: 100, sh: 20 });
  });

  it('scales a tall drawing until its height is 80% of the box', () => {
    const p = exportPlacement({ minX: 0, minY: 0, maxX: 50, maxY: 100 }, box);
    expect(p.dh).toBeCloseTo(160);
    expect(p.dw).toBeCloseTo(80);
    expect(p.dx + p.dw / 2).toBeCloseTo(200);
    expect(p.dy + p.dh / 2).toBeCloseTo(100);
  });

  it('keeps a drawing that already fills the box at 80% of it', () => {
    const p = exportPlacement({ minX: 0, minY: 0, maxX: 400, maxY: 200 }, box);
    expect([p.dx, p.dy, p.dw, p.dh].map((n) => Math.round(n))).toEqual([40, 20, 320, 160]);
  });

  it('stays finite for a single dot', () => {
    const p = exportPlacement({ minX: 5, minY: 5, maxX: 5, maxY: 5 }, box);
    expect(Number.isFinite(p.dw) && Number.isFinite(p.dh)).toBe(true);
  });
});
