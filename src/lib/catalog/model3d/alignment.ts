import type { Footprint } from '../../kicad/footprint.ts';
import type { MeshPart } from '../../viewer3d/mesh-format.ts';
import { padOutline, placePad } from './board-mesh.ts';

// Does the 3D model stand on its pads? Downloaded CAD data most often goes wrong as a model at the
// wrong offset or rotation (../shared/notes/anchors.md, item 9). Two looks, both near the board
// (leads, balls and through-hole pins reach z ≤ 0.35 mm; bodies mostly stand higher):
// - forward: how many pad numbers some model geometry touches (a pad number, not a pad, so the
//   thermal vias under an exposed pad count once);
// - backward: how much of the pins' contact geometry lands on copper. KiCad's library draws some
//   packages with fewer contacts than pads (its BGA models carry only the outer ring of balls);
//   when every contact still lands on a pad, the model is aligned. A model that draws no leads
//   near the board gives no evidence either way: 'unknown', not an accusation.

export type AlignmentVerdict = 'aligned' | 'partial' | 'misaligned' | 'unknown';

export interface Alignment {
  verdict: AlignmentVerdict;
  /** Pad numbers checked (copper pads, not mechanical holes). */
  pads: number;
  /** Of those, pad numbers that model geometry touches. */
  met: number;
}

const CONTACT_Z_MM = 0.35;
const GROW_MM = 0.15;
/** KiCad's model generators name lead, ball and pin materials PIN-01, PIN-02, …. */
const PIN_MATERIAL = /pin/i;

type Box = { x0: number; x1: number; y0: number; y1: number };

function padBoxes(fp: Footprint): Map<string, Box[]> {
  const byNumber = new Map<string, Box[]>();
  for (const pad of fp.pads) {
    if (pad.type === 'np_thru_hole' || pad.number === '' || !(pad.size.width > 0 && pad.size.height > 0)) continue;
    const box = { x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity };
    for (const q of placePad(padOutline(pad), pad)) {
      box.x0 = Math.min(box.x0, q.x - GROW_MM);
      box.x1 = Math.max(box.x1, q.x + GROW_MM);
      box.y0 = Math.min(box.y0, q.y - GROW_MM);
      box.y1 = Math.max(box.y1, q.y + GROW_MM);
    }
    byNumber.set(pad.number, [...(byNumber.get(pad.number) ?? []), box]);
  }
  return byNumber;
}

const inside = (b: Box, x: number, y: number) => x >= b.x0 && x <= b.x1 && y >= b.y0 && y <= b.y1;

/** x, y of model vertices near the board; pin-material vertices apart. */
function contacts(model: MeshPart[]): { all: number[]; pins: number[] } {
  const all: number[] = [];
  const pins: number[] = [];
  for (const part of model) {
    const pin = PIN_MATERIAL.test(part.name);
    const p = part.positions;
    for (let i = 0; i < p.length; i += 3) {
      if (p[i + 2]! > CONTACT_Z_MM) continue;
      all.push(p[i]!, p[i + 1]!);
      if (pin) pins.push(p[i]!, p[i + 1]!);
    }
  }
  return { all, pins };
}

/**
 * Vertices (x, y pairs) bucketed on a grid, so "which vertices lie in this pad's box" reads a few
 * cells instead of every vertex: a BGA-624 model has ~10⁵ vertices near the board and 624 pads.
 */
class PointGrid {
  private readonly cells = new Map<number, number[]>();
  private readonly xy: number[];
  private readonly cell: number;
  constructor(xy: number[], cell = 0.5) {
    this.xy = xy;
    this.cell = cell;
    for (let i = 0; i < xy.length; i += 2) {
      const k = this.key(Math.floor(xy[i]! / cell), Math.floor(xy[i + 1]! / cell));
      const list = this.cells.get(k);
      if (list) list.push(i);
      else this.cells.set(k, [i]);
    }
  }
  private key(cx: number, cy: number): number {
    return (cx + 32768) * 65536 + (cy + 32768);
  }
  /** Calls `visit` with the index (into xy) of every vertex inside `b`; stops when it returns true. */
  some(b: Box, visit: (i: number) => boolean): boolean {
    const [cx0, cx1, cy0, cy1] = [Math.floor(b.x0 / this.cell), Math.floor(b.x1 / this.cell), Math.floor(b.y0 / this.cell), Math.floor(b.y1 / this.cell)];
    for (let cx = cx0; cx <= cx1; cx++) {
      for (let cy = cy0; cy <= cy1; cy++) {
        for (const i of this.cells.get(this.key(cx, cy)) ?? []) if (inside(b, this.xy[i]!, this.xy[i + 1]!) && visit(i)) return true;
      }
    }
    return false;
  }
}

export function checkAlignment(fp: Footprint, model: MeshPart[]): Alignment {
  const pads = padBoxes(fp);
  const near = contacts(model);
  const all = new PointGrid(near.all);
  let met = 0;
  for (const boxes of pads.values()) if (boxes.some((b) => all.some(b, () => true))) met++;
  if (pads.size === 0 || near.all.length === 0) return { verdict: 'unknown', pads: pads.size, met };
  const forward = met / pads.size;
  if (forward >= 0.8) return { verdict: 'aligned', pads: pads.size, met };
  // Without drawn leads near the board (an LGA body, a display on a spacer) there is nothing to
  // judge by: say so rather than accuse the model.
  if (near.pins.length === 0) return { verdict: 'unknown', pads: pads.size, met };
  const pins = new PointGrid(near.pins);
  const landed = new Uint8Array(near.pins.length / 2);
  for (const b of [...pads.values()].flat()) pins.some(b, (i) => ((landed[i / 2] = 1), false));
  const onCopper = landed.reduce((n, v) => n + v, 0);
  const backward = onCopper / (near.pins.length / 2);
  const verdict = backward >= 0.9 && forward >= 0.1 ? 'aligned' : forward >= 0.4 ? 'partial' : 'misaligned';
  return { verdict, pads: pads.size, met };
}
