export interface Box {
  width: number;
  height: number;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface Placement {
  /** The source rectangle (in the pad's CSS pixels) holding the drawing. */
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  /** Where it lands in the exported box: scaled to fit 80% of it, centred. */
  dx: number;
  dy: number;
  dw: number;
  dh: number;
}

/** The bounding box of the drawn points, grown by the pen's half width and clamped to the pad. */
export function drawingBounds(
  points: readonly { x: number; y: number }[],
  pad: Box,
  margin: number,
): Bounds | null {
  if (points.length === 0) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const { x, y } of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return {
    minX: Math.max(0, minX - margin),
    minY: Math.max(0, minY - margin),
    maxX: Math.min(pad.width, maxX + margin),
    maxY: Math.min(pad.height, maxY + margin),
  };
}

/**
 * Spec 001 section 9: the exported image is the drawing scaled to 80% of the box and centred. The
 * drawing keeps its aspect ratio: it is scaled until its wider side (relative to the box) fills 80%.
 * A single dot (zero width or height) is treated as one pixel so the result stays finite.
 */
export function exportPlacement(bounds: Bounds, box: Box, scale = 0.8): Placement {
  const sw = Math.max(1, bounds.maxX - bounds.minX);
  const sh = Math.max(1, bounds.maxY - bounds.minY);
  const factor = Math.min((box.width * scale) / sw, (box.height * scale) / sh);
  const dw = sw * factor;
  const dh = sh * factor;
  return {
    sx: bounds.minX,
    sy: bounds.minY,
    sw,
    sh,
    dx: (box.width - dw) / 2,
    dy: (box.height - dh) / 2,
    dw,
    dh,
  };
}
