import { SIGNATURE } from '../lib/constants';

/**
 * The typed alternative to drawing a signature (for a respondent who cannot draw one: keyboard only, a
 * switch, a screen reader). The name is set in a handwriting-like face onto a canvas of the pad's own
 * size and sent as the same PNG a drawing makes, so the server and the owner's PDFs need nothing new.
 */
export const TYPED_SIGNATURE = {
  maxLength: 80,
  /** Script faces most systems have, then the generic cursive family; italic where none is present. */
  fontFamily:
    '"Segoe Script", "Bradley Hand", "Snell Roundhand", "Brush Script MT", "Apple Chancery", cursive',
  /** The largest size, as a share of the box's height, before the name is narrowed to fit. */
  maxHeightShare: 0.5,
} as const;

export interface Box {
  width: number;
  height: number;
}

/** What the drawing needs of a 2D context (a real one, or a test's recording one). */
export type TextCanvas = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'strokeStyle'
  | 'lineWidth'
  | 'fillRect'
  | 'fillText'
  | 'strokeRect'
  | 'measureText'
>;

export function typedSignatureFont(size: number): string {
  return `italic ${size}px ${TYPED_SIGNATURE.fontFamily}`;
}

/**
 * The font size that sets `text` as large as the box allows: at most half its height, and no wider
 * than the share of its width a drawing is scaled to (spec 001: 80%).
 */
export function fitFontSize(widthAt: (size: number) => number, box: Box): number {
  const largest = Math.max(1, Math.floor(box.height * TYPED_SIGNATURE.maxHeightShare));
  const width = widthAt(largest);
  if (width <= 0) return largest;
  const fitting = (largest * box.width * SIGNATURE.exportScale) / width;
  return Math.max(1, Math.min(largest, Math.floor(fitting)));
}

/** The typed name centred on white with the export's light border, like an exported drawing. */
export function drawTypedSignature(ctx: TextCanvas, text: string, box: Box): void {
  const name = text.trim();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, box.width, box.height);
  if (name) {
    const size = fitFontSize((candidate) => {
      ctx.font = typedSignatureFont(candidate);
      return ctx.measureText(name).width;
    }, box);
    ctx.font = typedSignatureFont(size);
    ctx.fillStyle = SIGNATURE.penColor;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(name, box.width / 2, box.height / 2);
  }
  ctx.strokeStyle = SIGNATURE.borderColor;
  ctx.lineWidth = 1;
  ctx.strokeRect(0.5, 0.5, box.width - 1, box.height - 1);
}
