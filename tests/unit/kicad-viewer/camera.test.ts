// The viewer camera: fit, zoom about a point, pan, flip, clip matrix.
import { describe, expect, it } from 'vitest';
import { Camera } from '../../../src/lib/kicad-viewer/camera.ts';

function cam(): Camera {
  const c = new Camera();
  c.width = 800;
  c.height = 600;
  return c;
}

describe('Camera', () => {
  it('fits a box with its margin, centred', () => {
    const c = cam();
    c.fit({ minX: 10, minY: 20, maxX: 110, maxY: 70 }, 0.1);
    expect(c.scale).toBeCloseTo(6.4, 9); // 800 × 0.8 / 100 (width-bound)
    expect(c.toScreen(60, 45)).toEqual([400, 300]);
    const [x0] = c.toScreen(10, 45);
    expect(x0).toBeCloseTo(80, 9);
  });

  it('zooms about the cursor: the world point under it stays put', () => {
    const c = cam();
    c.fit({ minX: 0, minY: 0, maxX: 100, maxY: 100 });
    const before = c.toWorld(123, 456);
    c.zoomAt(123, 456, 3.7);
    const after = c.toWorld(123, 456);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
    expect(c.toWorld(400, 300)).not.toEqual(before);
  });

  it('pans by screen pixels and mirrors X when flipped', () => {
    const c = cam();
    c.scale = 2;
    c.panBy(10, -4);
    expect(c.toScreen(0, 0)).toEqual([410, 296]);
    c.flipped = true;
    const [sx] = c.toScreen(10, 0);
    const [sx0] = c.toScreen(0, 0);
    expect(sx).toBeLessThan(sx0);
    expect(c.toWorld(...c.toScreen(3, 4))).toEqual([3, 4]);
  });

  it('maps world to clip space consistently with toScreen', () => {
    const c = cam();
    c.fit({ minX: -5, minY: -5, maxX: 5, maxY: 5 });
    c.flipped = true;
    const m = c.matrix();
    const [x, y] = [2, -3];
    const clipX = m[0]! * x + m[3]! * y + m[6]!;
    const clipY = m[1]! * x + m[4]! * y + m[7]!;
    const [sx, sy] = c.toScreen(x, y);
    expect(clipX).toBeCloseTo((sx / 800) * 2 - 1, 6); // Float32 matrix
    expect(clipY).toBeCloseTo(1 - (sy / 600) * 2, 6);
  });

  it('keeps the scale within its limits', () => {
    const c = cam();
    c.setLimits({ minX: 0, minY: 0, maxX: 100, maxY: 100 });
    c.zoomAt(0, 0, 1e9);
    expect(c.scale).toBe(c.maxScale);
    c.zoomAt(0, 0, 1e-12);
    expect(c.scale).toBe(c.minScale);
  });
});
