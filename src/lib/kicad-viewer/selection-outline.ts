// The selected item's outline, shared by both back ends: four thin bars just
// outside the item's box, a constant width on screen (CSS px) whatever the
// zoom, in a colour that stands out from the view's background. Drawn last,
// over everything (the item itself is also lit by the colour logic).

import type { Box } from '../kicad/render/renderer.ts';

/** Outline width in CSS pixels. */
export const OUTLINE_PX = 2;
/** On a dark background. */
export const OUTLINE_ON_DARK = 0xffffffff;
/** On a light background: dark blue (#1e3a8a), packed RGBA8 (R in the low byte). */
export const OUTLINE_ON_LIGHT = 0xff8a3a1e;

/**
 * The four bars (top, bottom, left, right) as minX, minY, maxX, maxY each, in
 * world mm, for a camera of `scale` CSS px per mm: the box grown by the
 * outline's width, minus the box. The bars do not overlap (blending stays even).
 */
export function outlineRects(box: Box, scale: number, px: number = OUTLINE_PX): Float32Array {
  const w = px / scale;
  const { minX, minY, maxX, maxY } = box;
  return Float32Array.of(minX - w, minY - w, maxX + w, minY, minX - w, maxY, maxX + w, maxY + w, minX - w, minY, minX, maxY, maxX, minY, maxX + w, maxY);
}

/** Bars → two triangles each (x, y per vertex): 24 vertices. */
export function rectTriangles(rects: Float32Array, out: Float32Array = new Float32Array((rects.length / 4) * 12)): Float32Array {
  for (let r = 0, o = 0; r < rects.length; r += 4, o += 12) {
    const x0 = rects[r] as number;
    const y0 = rects[r + 1] as number;
    const x1 = rects[r + 2] as number;
    const y1 = rects[r + 3] as number;
    out.set([x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1], o);
  }
  return out;
}

/** White on a dark background, dark blue on a light one (`background`: packed RGBA8). */
export function outlineColor(background: number): number {
  const r = background & 255;
  const g = (background >>> 8) & 255;
  const b = (background >>> 16) & 255;
  const luma = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  return luma < 0.5 ? OUTLINE_ON_DARK : OUTLINE_ON_LIGHT;
}
