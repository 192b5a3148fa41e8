// The selection outline's geometry (bars outside the box, constant on screen) and colour,
// and the pure parts of the WebGL view's pictures (quad strip, PNG size, base64).
import { describe, expect, it } from 'vitest';
import { Camera } from '../../../src/lib/kicad-viewer/camera.ts';
import { parseColor } from '../../../src/lib/kicad-viewer/color.ts';
import { base64Bytes, imageStrip, pngSize } from '../../../src/lib/kicad-viewer/gl-images.ts';
import { OUTLINE_ON_DARK, OUTLINE_ON_LIGHT, OUTLINE_PX, outlineColor, outlineRects, rectTriangles } from '../../../src/lib/kicad-viewer/selection-outline.ts';

const box = { minX: 10, minY: 20, maxX: 30, maxY: 25 };

describe('outlineRects', () => {
  it('grows the box by the outline width in world units: 2 CSS px at any scale', () => {
    for (const scale of [0.5, 4, 250]) {
      const r = outlineRects(box, scale);
      const w = OUTLINE_PX / scale;
      expect(Array.from(r)).toEqual(
        Array.from(Float32Array.of(10 - w, 20 - w, 30 + w, 20, 10 - w, 25, 30 + w, 25 + w, 10 - w, 20, 10, 25, 30, 20, 30 + w, 25)),
      );
    }
  });

  it('is OUTLINE_PX wide on screen, just outside the box, whatever the zoom', () => {
    const c = new Camera();
    c.width = 800;
    c.height = 600;
    for (const scale of [1, 37]) {
      c.fit(box, 0.1);
      c.zoomAt(400, 300, scale);
      const r = outlineRects(box, c.scale);
      const [, top0] = c.toScreen(0, r[1] as number);
      const [, top1] = c.toScreen(0, r[3] as number);
      const [, edge] = c.toScreen(0, box.minY);
      // Float32 corners (as the GPU gets them): within a hundredth of a pixel.
      expect(top1 - top0).toBeCloseTo(OUTLINE_PX, 2);
      expect(top1).toBeCloseTo(edge, 2);
      const [l0] = c.toScreen(r[8] as number, 0);
      const [l1] = c.toScreen(r[10] as number, 0);
      expect(l1 - l0).toBeCloseTo(OUTLINE_PX, 2);
    }
  });

  it('bars do not overlap (each pixel blended once)', () => {
    const r = outlineRects(box, 2);
    const rects = [0, 4, 8, 12].map((k) => Array.from(r.slice(k, k + 4)) as [number, number, number, number]);
    const area = (a: number[]): number => Math.max(0, (a[2] as number) - (a[0] as number)) * Math.max(0, (a[3] as number) - (a[1] as number));
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) {
        const a = rects[i]!;
        const b = rects[j]!;
        expect(area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])])).toBe(0);
      }
  });

  it('becomes 24 triangle vertices covering each bar', () => {
    const t = rectTriangles(Float32Array.of(0, 0, 2, 1));
    expect(Array.from(t)).toEqual([0, 0, 2, 0, 2, 1, 0, 0, 2, 1, 0, 1]);
    expect(rectTriangles(outlineRects(box, 1)).length).toBe(48);
  });
});

describe('outlineColor', () => {
  it('is white on a dark background, dark blue on a light one', () => {
    expect(outlineColor(parseColor('#001023'))).toBe(OUTLINE_ON_DARK);
    expect(outlineColor(parseColor('rgb(245,244,239)'))).toBe(OUTLINE_ON_LIGHT);
    expect(OUTLINE_ON_LIGHT).toBe(parseColor('#1e3a8a'));
  });
});

describe('pictures', () => {
  it('a quad (top-left, top-right, bottom-left) becomes a strip with the picture top at v = 0', () => {
    // Rotated 90°: top-left (0,0), top-right (0,10), bottom-left (-5,0).
    expect(Array.from(imageStrip(Float32Array.of(0, 0, 0, 10, -5, 0)))).toEqual([0, 0, 0, 0, 0, 10, 1, 0, -5, 0, 0, 1, -5, 10, 1, 1]);
  });

  it('reads a PNG size from its header, and rejects other bytes', () => {
    const head = base64Bytes('iVBORw0KGgoAAAANSUhEUgAAAOUAAAEOCAIAAAD5X0e0')!;
    expect(pngSize(head)).toEqual({ width: 229, height: 270 });
    expect(pngSize(new Uint8Array(30))).toBeNull();
  });

  it('decodes base64 split over lines, and refuses malformed text', () => {
    expect(Array.from(base64Bytes('AAEC\n  Aw==')!)).toEqual([0, 1, 2, 3]);
    expect(base64Bytes('*not base64*')).toBeNull();
  });
});
