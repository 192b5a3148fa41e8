import { describe, expect, it } from 'vitest';
import { parseFootprint, type Footprint } from '../../../src/lib/kicad/footprint.ts';
import { BOARD_THICKNESS_MM, boardParts } from '../../../src/lib/catalog/model3d/board-mesh.ts';
import type { MeshPart } from '../../../src/lib/viewer3d/mesh-format.ts';
import { fixtureText } from '../kicad/fixtures.ts';

function footprint(text: string, name = 'test.kicad_mod'): Footprint {
  const r = parseFootprint(text, name);
  if (!r.footprint) throw new Error(`fixture does not parse: ${r.errors[0]?.reason}`);
  return r.footprint;
}

/** Each triangle's unit normal. */
function normals(part: MeshPart): [number, number, number][] {
  const p = part.positions;
  const out: [number, number, number][] = [];
  for (let i = 0; i < part.indices.length; i += 3) {
    const [a, b, c] = [part.indices[i]!, part.indices[i + 1]!, part.indices[i + 2]!].map((k) => [p[k * 3]!, p[k * 3 + 1]!, p[k * 3 + 2]!]) as [number[], number[], number[]];
    const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
    const v = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const len = Math.hypot(n[0]!, n[1]!, n[2]!);
    out.push([n[0]! / len, n[1]! / len, n[2]! / len]);
  }
  return out;
}

function byKind(parts: MeshPart[], kind: MeshPart['kind']): MeshPart {
  const part = parts.find((p) => p.kind === kind);
  if (!part) throw new Error(`no ${kind} part`);
  return part;
}

function bounds(part: MeshPart, filter: (x: number, y: number, z: number) => boolean = () => true) {
  const b = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity, minZ: Infinity, maxZ: -Infinity };
  for (let i = 0; i < part.positions.length; i += 3) {
    const [x, y, z] = [part.positions[i]!, part.positions[i + 1]!, part.positions[i + 2]!];
    if (!filter(x, y, z)) continue;
    b.minX = Math.min(b.minX, x);
    b.maxX = Math.max(b.maxX, x);
    b.minY = Math.min(b.minY, y);
    b.maxY = Math.max(b.maxY, y);
    b.minZ = Math.min(b.minZ, z);
    b.maxZ = Math.max(b.maxZ, z);
  }
  return b;
}

describe('boardParts: the board under a 3D preview, from the footprint', () => {
  const soic = footprint(fixtureText('SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod'), 'SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod');

  it('gives an SMD footprint a board and front pads, no holes', () => {
    const parts = boardParts(soic);
    expect(parts.map((p) => p.kind)).toEqual(['board', 'pad']);
    const pads = byKind(parts, 'pad');
    // Eight rounded rectangles, each a closed outline fanned from its first point.
    const perPad = pads.indices.length / 3 / 8;
    expect(Number.isInteger(perPad)).toBe(true);
    expect(perPad).toBeGreaterThanOrEqual(2);
    for (const n of normals(pads)) expect(n[2]).toBeCloseTo(1, 6);
    const z = bounds(pads);
    expect(z.minZ).toBeCloseTo(0.035, 6);
    expect(z.maxZ).toBeCloseTo(0.035, 6);
  });

  it('places pad 1 where the file puts it, with Y flipped to point up', () => {
    // (pad "1" smd roundrect (at -2.475 -1.905) (size 1.95 0.6)): centre (-2.475, +1.905) in viewer axes.
    const pads = byKind(boardParts(soic), 'pad');
    const pad1 = bounds(pads, (x, y) => x < -1 && y > 1.5);
    expect(pad1.minX).toBeCloseTo(-2.475 - 0.975, 3);
    expect(pad1.maxX).toBeCloseTo(-2.475 + 0.975, 3);
    expect(pad1.minY).toBeCloseTo(1.905 - 0.3, 3);
    expect(pad1.maxY).toBeCloseTo(1.905 + 0.3, 3);
  });

  it('makes a 1.6 mm board reaching past the pads and courtyard, faces pointing out', () => {
    const board = byKind(boardParts(soic), 'board');
    const b = bounds(board);
    expect(b.maxZ).toBe(0);
    expect(b.minZ).toBeCloseTo(-BOARD_THICKNESS_MM, 6);
    // The courtyard of this footprint is ±3.7 × ±2.7 mm (F.CrtYd lines).
    expect(b.minX).toBeLessThan(-3.7);
    expect(b.maxX).toBeGreaterThan(3.7);
    expect(b.minY).toBeLessThan(-2.7);
    expect(b.maxY).toBeGreaterThan(2.7);
    const ns = normals(board);
    expect(ns).toHaveLength(12);
    const centre = [(b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2, (b.minZ + b.maxZ) / 2];
    // Every face's normal points away from the slab's centre.
    const p = board.positions;
    for (let t = 0; t < ns.length; t++) {
      const k = board.indices[t * 3]!;
      const d = [p[k * 3]! - centre[0]!, p[k * 3 + 1]! - centre[1]!, p[k * 3 + 2]! - centre[2]!];
      expect(d[0]! * ns[t]![0] + d[1]! * ns[t]![1] + d[2]! * ns[t]![2]).toBeGreaterThan(0);
    }
  });

  it('grows the board to the model when the model overhangs the footprint', () => {
    const board = byKind(boardParts(soic, { min: [-20, -1, 0], max: [1, 15, 3] }), 'board');
    const b = bounds(board);
    expect(b.minX).toBeLessThanOrEqual(-21 + 1e-6);
    expect(b.maxY).toBeGreaterThanOrEqual(16 - 1e-6);
  });

  const tht = footprint(`(footprint "T" (version 20211014) (generator test) (layer "F.Cu")
  (pad "1" thru_hole rect (at 0 0) (size 1.6 1.6) (drill 0.8) (layers *.Cu *.Mask))
  (pad "2" thru_hole oval (at 2.54 0 90) (size 1.6 2.4) (drill oval 0.8 1.6) (layers *.Cu *.Mask))
  (pad "" np_thru_hole circle (at 6 0) (size 2 2) (drill 2) (layers *.Cu *.Mask))
  (pad "3" smd rect (at 1 2 90) (size 2 1) (layers "F.Cu" "F.Paste" "F.Mask"))
)`);

  it('puts through-hole copper on both sides and drills dark holes, NPTH without copper', () => {
    const parts = boardParts(tht);
    expect(parts.map((p) => p.kind)).toEqual(['board', 'pad', 'hole']);
    const pads = byKind(parts, 'pad');
    const front = normals(pads).filter((n) => n[2] > 0.99).length;
    const back = normals(pads).filter((n) => n[2] < -0.99).length;
    expect(front).toBeGreaterThan(back); // the SMD pad is front-only
    expect(back).toBeGreaterThan(0);
    expect(bounds(pads, (x) => x > 5).minX).toBe(Infinity); // no copper on the NPTH
    const holes = byKind(parts, 'hole');
    const hb = bounds(holes);
    expect(hb.minZ).toBeLessThan(-BOARD_THICKNESS_MM);
    expect(hb.maxZ).toBeGreaterThan(0.035);
    // Hole walls face the hole's axis: take pad 1's round hole (centre 0,0).
    const p = holes.positions;
    const ns = normals(holes);
    let walls = 0;
    for (let t = 0; t < ns.length; t++) {
      const k = holes.indices[t * 3]!;
      const [x, y] = [p[k * 3]!, p[k * 3 + 1]!];
      if (Math.abs(ns[t]![2]) > 0.01 || Math.hypot(x, y) > 0.5) continue;
      walls++;
      expect(x * ns[t]![0] + y * ns[t]![1]).toBeLessThan(0);
    }
    expect(walls).toBeGreaterThan(10);
  });

  it('turns a rotated pad by its angle: a 2 × 1 mm pad at 90° stands 1 wide, 2 tall', () => {
    const pads = byKind(boardParts(tht), 'pad');
    const b = bounds(pads, (_x, y, z) => z > 0 && y < -0.9); // pads 1 and 2 end at y = -0.8
    expect(b.minX).toBeCloseTo(0.5, 6);
    expect(b.maxX).toBeCloseTo(1.5, 6);
    expect(b.minY).toBeCloseTo(-3, 6);
    expect(b.maxY).toBeCloseTo(-1, 6);
  });

  it('has nothing to stand on for a footprint without pads or outlines', () => {
    expect(boardParts(footprint('(footprint "E" (version 20211014) (generator test) (layer "F.Cu"))'))).toEqual([]);
  });
});
