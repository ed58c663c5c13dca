// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { drawTypedSignature, fitFontSize, type TextCanvas } from './typed-signature';

/** A context that records what was drawn; text is 0.6 em wide per character. */
function recordingCanvas() {
  const calls: { text: string; x: number; y: number; font: string }[] = [];
  const ctx = {
    fillStyle: '',
    font: '10px serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    strokeStyle: '',
    lineWidth: 1,
    fillRect() {},
    strokeRect() {},
    fillText(text: string, x: number, y: number) {
      calls.push({ text, x, y, font: ctx.font });
    },
    measureText(text: string) {
      const size = Number(/(\d+)px/.exec(ctx.font)?.[1] ?? 10);
      return { width: text.length * size * 0.6 } as TextMetrics;
    },
  };
  return { ctx: ctx as unknown as TextCanvas, calls };
}

describe('typed signature', () => {
  it('sets a short name at half the box height, centred', () => {
    const { ctx, calls } = recordingCanvas();
    drawTypedSignature(ctx, '  Ada  ', { width: 400, height: 200 });
    expect(calls).toEqual([
      { text: 'Ada', x: 200, y: 100, font: expect.stringMatching(/^italic 100px .*cursive$/) },
    ]);
  });

  it('narrows a long name to 80% of the box width', () => {
    const widthAt = (size: number) => 40 * size * 0.6;
    const size = fitFontSize(widthAt, { width: 400, height: 200 });
    expect(widthAt(size)).toBeLessThanOrEqual(320);
    expect(widthAt(size + 1)).toBeGreaterThan(320);
  });

  it('draws no text for a blank name', () => {
    const { ctx, calls } = recordingCanvas();
    drawTypedSignature(ctx, '   ', { width: 400, height: 200 });
    expect(calls).toEqual([]);
  });
});
