// Picking: a flatbush index over item boxes narrows a click to a few items,
// then an exact test on each item's own geometry (its triangles, its fans by
// even-odd parity, its capsules by distance) keeps those really under the
// point. Connection points win over drawings (a pad under its footprint's
// fabrication outline is still the pad; a zone only when nothing else is
// there), then the topmost layer (a front pad over a back one), then the
// smallest item.

import Flatbush from 'flatbush';
import { RANGE, type Scene, type SceneItem } from './scene.ts';

/** Pick priority by item class (default 1). */
const PRIORITY: Readonly<Record<string, number>> = {
  pad: 3,
  via: 3,
  pin: 3,
  track: 2,
  wire: 2,
  bus: 2,
  junction: 2,
  label: 2,
  zone: 0,
};

export class HitIndex {
  private readonly index: Flatbush | null;
  private readonly scene: Scene;

  constructor(scene: Scene) {
    this.scene = scene;
    const n = scene.items.length;
    if (n === 0) {
      this.index = null;
      return;
    }
    const fb = new Flatbush(n);
    for (const it of scene.items) fb.add(it.box.minX, it.box.minY, it.box.maxX, it.box.maxY);
    fb.finish();
    this.index = fb;
  }

  /**
   * The item at world (x, y) within `tol` mm among layers `visible(layerIndex)`;
   * `rank(layerIndex)` orders layers (higher = drawn later, on top).
   */
  pick(x: number, y: number, tol: number, visible: (layer: number) => boolean, rank: (layer: number) => number): SceneItem | null {
    if (!this.index) return null;
    const cands = this.index.search(x - tol, y - tol, x + tol, y + tol);
    let best: SceneItem | null = null;
    let bestArea = Infinity;
    let bestRank = -Infinity;
    for (const i of cands) {
      const item = this.scene.items[i] as SceneItem;
      const layer = this.scene.itemLayers[item.id] as number;
      if (!visible(layer)) continue;
      if (!this.exact(item.id, layer, x, y, tol)) continue;
      const b = item.box;
      const area = (b.maxX - b.minX) * (b.maxY - b.minY);
      const r = (PRIORITY[item.meta.class ?? ''] ?? 1) * 10000 + rank(layer);
      if (r > bestRank || (r === bestRank && area < bestArea)) {
        best = item;
        bestArea = area;
        bestRank = r;
      }
    }
    return best;
  }

  /** Whether item `id`'s geometry covers (x, y) (within `tol` for strokes). Items without geometry (text for now) use their box. */
  exact(id: number, layer: number, x: number, y: number, tol: number): boolean {
    const s = this.scene;
    const batch = s.batches[layer];
    if (!batch) return false;
    const o = id * RANGE;
    const r = s.itemRanges;
    const t0 = r[o] as number;
    const t1 = r[o + 1] as number;
    const c0 = r[o + 2] as number;
    const c1 = r[o + 3] as number;
    const f0 = r[o + 4] as number;
    const f1 = r[o + 5] as number;
    if (t0 === t1 && c0 === c1 && f0 === f1) {
      const b = (s.items[id - 1] as SceneItem).box;
      return x >= b.minX - tol && x <= b.maxX + tol && y >= b.minY - tol && y <= b.maxY + tol;
    }
    const pos = batch.triPos;
    const idx = batch.triIdx;
    for (let k = t0; k < t1; k += 3) {
      if (inTriangle(pos, idx[k] as number, idx[k + 1] as number, idx[k + 2] as number, x, y)) return true;
    }
    // Fans: the item's fan triangles covering the point, counted modulo 2 (see scene-build fanLoop).
    const fan = batch.fanIdx;
    let parity = 0;
    for (let k = f0; k < f1; k += 3) {
      if (inTriangle(pos, fan[k] as number, fan[k + 1] as number, fan[k + 2] as number, x, y)) parity ^= 1;
    }
    if (parity) return true;
    const g = batch.capGeo;
    for (let k = c0; k < c1; k++) {
      const q = k * 5;
      const rr = (g[q + 4] as number) + tol;
      if (segDist2(x, y, g[q] as number, g[q + 1] as number, g[q + 2] as number, g[q + 3] as number) <= rr * rr) return true;
    }
    return false;
  }
}

function inTriangle(p: Float32Array, i: number, j: number, k: number, x: number, y: number): boolean {
  const ax = p[2 * i] as number;
  const ay = p[2 * i + 1] as number;
  const bx = p[2 * j] as number;
  const by = p[2 * j + 1] as number;
  const cx = p[2 * k] as number;
  const cy = p[2 * k + 1] as number;
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by);
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy);
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay);
  const neg = d1 < 0 || d2 < 0 || d3 < 0;
  const pos = d1 > 0 || d2 > 0 || d3 > 0;
  return !(neg && pos);
}

/** Squared distance from (x, y) to the segment (x0, y0)–(x1, y1). */
export function segDist2(x: number, y: number, x0: number, y0: number, x1: number, y1: number): number {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const l2 = dx * dx + dy * dy;
  let t = l2 > 0 ? ((x - x0) * dx + (y - y0) * dy) / l2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = x - (x0 + t * dx);
  const ey = y - (y0 + t * dy);
  return ex * ex + ey * ey;
}
