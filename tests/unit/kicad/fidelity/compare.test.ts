// The comparison itself: distance transform and scores on small hand-made masks.
import { describe, expect, it } from 'vitest';
import { compareMasks, squaredDistance } from './compare.ts';
import { frameAround, type Mask } from './mask.ts';

function mask(rows: string[]): Mask {
  const width = rows[0]!.length;
  const data = new Uint8Array(width * rows.length);
  rows.forEach((r, y) => {
    for (let x = 0; x < width; x++) data[y * width + x] = r[x] === '#' ? 1 : 0;
  });
  return { width, height: rows.length, data };
}

describe('fidelity comparison', () => {
  it('computes exact squared Euclidean distances', () => {
    const d = squaredDistance(mask(['#....', '.....', '.....']));
    expect(Array.from(d.slice(0, 5))).toEqual([0, 1, 4, 9, 16]);
    expect(d[2 * 5 + 2]).toBe(8);
  });

  it('gives infinite distance everywhere for an empty mask', () => {
    const d = squaredDistance(mask(['...', '...']));
    expect(Math.min(...d)).toBeGreaterThan(1e10);
  });

  it('counts ink within the tolerance as matching and reports IoU without it', () => {
    const ref = mask(['#.......', '........']);
    const near = mask(['..#.....', '........']);
    const far = mask(['.....#..', '........']);
    expect(compareMasks(near, ref, 2)).toMatchObject({ precision: 1, recall: 1, iou: 0 });
    expect(compareMasks(far, ref, 2)).toMatchObject({ precision: 0, recall: 0 });
    const half = compareMasks(mask(['##......', '........']), ref, 0);
    expect(half).toMatchObject({ precision: 0.5, recall: 1, iou: 0.5 });
  });

  it('snaps frames outwards to whole pixels', () => {
    const f = frameAround({ minX: 10.01, minY: 5, maxX: 20.02, maxY: 6 }, 20, 1);
    expect(f).toEqual({ x0: 9, y0: 4, pxPerMm: 20, width: 241, height: 60 });
  });
});
