// Which copper layers show a via's annular ring. A via marked `remove_unused_layers` keeps its
// ring only where something of its net connects on that layer (KiCad removes the others; with
// `keep_end_layers` the two end layers always keep it). "Connects" is judged as KiCad's view
// shows it, from the file alone: a track of the net ending within the ring, or a filled zone
// of the net covering the via's centre.

import type { Board, Via } from '../board.ts';

interface NetLayerItems {
  /** Track end points, flat x, y. */
  ends: number[];
  /** Zone fill polygons with their boxes. */
  fills: { points: Float64Array; minX: number; minY: number; maxX: number; maxY: number }[];
}

/** Lazily built per board: net → layer → what may connect a via there. */
export class ViaFlashIndex {
  private byNet: Map<number, Map<string, NetLayerItems>> | null = null;
  private readonly board: Board;

  constructor(board: Board) {
    this.board = board;
  }

  /** Whether the via shows copper on `layer` (one it spans). */
  flashed(v: Via, layer: string): boolean {
    if (!v.removeUnusedLayers) return true;
    if (v.keepEndLayers && (layer === v.layers[0] || layer === v.layers[1])) return true;
    const items = this.index().get(v.net)?.get(layer);
    if (!items) return false;
    const r = v.size / 2;
    const r2 = r * r;
    for (let i = 0; i < items.ends.length; i += 2) {
      const dx = (items.ends[i] as number) - v.at.x;
      const dy = (items.ends[i + 1] as number) - v.at.y;
      if (dx * dx + dy * dy <= r2) return true;
    }
    for (const f of items.fills) {
      if (v.at.x < f.minX || v.at.x > f.maxX || v.at.y < f.minY || v.at.y > f.maxY) continue;
      if (insidePolygon(f.points, v.at.x, v.at.y)) return true;
    }
    return false;
  }

  private index(): Map<number, Map<string, NetLayerItems>> {
    if (this.byNet) return this.byNet;
    const byNet = new Map<number, Map<string, NetLayerItems>>();
    const slot = (net: number, layer: string): NetLayerItems => {
      let layers = byNet.get(net);
      if (!layers) byNet.set(net, (layers = new Map()));
      let it = layers.get(layer);
      if (!it) layers.set(layer, (it = { ends: [], fills: [] }));
      return it;
    };
    for (const t of this.board.tracks) {
      if (t.net <= 0) continue;
      slot(t.net, t.layer).ends.push(t.start.x, t.start.y, t.end.x, t.end.y);
    }
    for (const z of this.board.zones) {
      if (z.net <= 0) continue;
      for (const f of z.fills) {
        let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
        for (let i = 0; i < f.points.length; i += 2) {
          const x = f.points[i] as number;
          const y = f.points[i + 1] as number;
          if (x < minX) minX = x;
          if (x > maxX) maxX = x;
          if (y < minY) minY = y;
          if (y > maxY) maxY = y;
        }
        slot(z.net, f.layer).fills.push({ points: f.points, minX, minY, maxX, maxY });
      }
    }
    this.byNet = byNet;
    return byNet;
  }
}

/** Even-odd point-in-polygon test on a flat outline (KiCad fills may hold holes joined by slits). */
function insidePolygon(p: Float64Array, x: number, y: number): boolean {
  let inside = false;
  const n = p.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = p[i] as number;
    const yi = p[i + 1] as number;
    const xj = p[j] as number;
    const yj = p[j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
