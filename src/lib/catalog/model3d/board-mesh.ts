import type { Footprint, Pad, Point } from '../../kicad/footprint.ts';
import type { MeshMaterial, MeshPart } from '../../viewer3d/mesh-format.ts';

// The board under a 3D preview, built from the footprint itself: a 1.6 mm FR-4 slab with solder
// mask, the copper pads (gold, as ENIG boards look) and dark drill holes, so an engineer can see
// whether the model sits on its pads. Output uses the viewer's axes: millimetres, Z up, Y up
// (the footprint file's Y axis points down, so y is negated).

export const BOARD_THICKNESS_MM = 1.6;
const COPPER_MM = 0.035;
/** Hole caps sit a little above the copper so they never fight it for the same depth. */
const HOLE_LIFT_MM = 0.01;
const MARGIN_MM = 1;
const ARC_SEGMENTS = 24;

const material = (diffuse: [number, number, number], specular: [number, number, number], shininess: number): MeshMaterial => ({
  diffuse,
  specular,
  emissive: [0, 0, 0],
  shininess,
  transparency: 0,
  ambient: 0.3,
});
const SOLDER_MASK = material([0.07, 0.3, 0.16], [0.25, 0.3, 0.25], 0.35);
const ENIG = material([0.83, 0.69, 0.32], [0.6, 0.55, 0.4], 0.5);
const DRILL = material([0.1, 0.1, 0.09], [0.05, 0.05, 0.05], 0.1);

class PartBuilder {
  positions: number[] = [];
  indices: number[] = [];
  /** A flat polygon (convex, counter-clockwise seen from +Z) at height z; `down` faces -Z. */
  polygon(points: Point[], z: number, down = false): void {
    if (points.length < 3) return;
    const base = this.positions.length / 3;
    for (const p of points) this.positions.push(p.x, p.y, z);
    for (let i = 1; i + 1 < points.length; i++) {
      if (down) this.indices.push(base, base + i + 1, base + i);
      else this.indices.push(base, base + i, base + i + 1);
    }
  }
  /** Side walls of a closed outline from z0 up to z1, facing outwards (or inwards for holes). */
  walls(points: Point[], z0: number, z1: number, inward = false): void {
    const n = points.length;
    for (let i = 0; i < n; i++) {
      const a = points[i]!;
      const b = points[(i + 1) % n]!;
      const base = this.positions.length / 3;
      this.positions.push(a.x, a.y, z0, b.x, b.y, z0, b.x, b.y, z1, a.x, a.y, z1);
      if (inward) this.indices.push(base, base + 2, base + 1, base, base + 3, base + 2);
      else this.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
  }
  part(name: string, kind: MeshPart['kind'], mat: MeshMaterial, creaseAngle: number): MeshPart | null {
    if (this.indices.length === 0) return null;
    return { name, kind, material: mat, creaseAngle, positions: new Float32Array(this.positions), indices: new Uint32Array(this.indices) };
  }
}

/** Pad outline in pad-local coordinates (Y down, centre 0,0), counter-clockwise on screen. */
export function padOutline(pad: Pad): Point[] {
  const hw = pad.size.width / 2;
  const hh = pad.size.height / 2;
  switch (pad.shape) {
    case 'circle':
      return ellipse(hw, hw);
    case 'oval':
      return roundedRect(hw, hh, Math.min(hw, hh));
    case 'roundrect':
      return roundedRect(hw, hh, Math.min(0.5, Math.max(0, pad.roundrectRatio ?? 0.25)) * 2 * Math.min(hw, hh));
    case 'trapezoid': {
      const dx = (pad.rectDelta?.x ?? 0) / 2;
      const dy = (pad.rectDelta?.y ?? 0) / 2;
      return [
        { x: -hw - dy, y: hh + dx },
        { x: hw + dy, y: hh - dx },
        { x: hw - dy, y: -hh + dx },
        { x: -hw + dy, y: -hh - dx },
      ];
    }
    case 'custom':
      return pad.anchor === 'circle' ? ellipse(hw, hw) : roundedRect(hw, hh, 0);
    default:
      return roundedRect(hw, hh, 0);
  }
}

function ellipse(rx: number, ry: number, cx = 0, cy = 0): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < ARC_SEGMENTS; i++) {
    // Negative angle steps: counter-clockwise on a Y-down screen.
    const a = (-i / ARC_SEGMENTS) * 2 * Math.PI;
    pts.push({ x: cx + rx * Math.cos(a), y: cy + ry * Math.sin(a) });
  }
  return pts;
}

function roundedRect(hw: number, hh: number, r: number): Point[] {
  if (r <= 1e-6) return [{ x: -hw, y: hh }, { x: hw, y: hh }, { x: hw, y: -hh }, { x: -hw, y: -hh }];
  const pts: Point[] = [];
  const steps = ARC_SEGMENTS / 4;
  // Corners counter-clockwise on screen (bottom-left, bottom-right, top-right, top-left), each arc
  // starting where the previous edge arrives (Y down: angle π/2 points to the bottom).
  const corners: [number, number, number][] = [
    [-hw + r, hh - r, Math.PI],
    [hw - r, hh - r, Math.PI / 2],
    [hw - r, -hh + r, 0],
    [-hw + r, -hh + r, -Math.PI / 2],
  ];
  for (const [cx, cy, start] of corners) {
    for (let i = 0; i <= steps; i++) {
      const a = start - (i / steps) * (Math.PI / 2);
      pts.push({ x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) });
    }
  }
  return pts;
}

/** Pad-local (Y down) → board (Y up): rotate by the pad's angle, move to its place, flip Y. */
export function placePad(points: Point[], pad: Pad, offset: Point = { x: 0, y: 0 }): Point[] {
  const a = (pad.at.rotation * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  // KiCad angles are counter-clockwise on a Y-down screen: in Y-down maths that is a rotation by -a.
  return points.map((p) => {
    const x = p.x + offset.x;
    const y = p.y + offset.y;
    const rx = x * c + y * s;
    const ry = -x * s + y * c;
    return { x: pad.at.x + rx, y: -(pad.at.y + ry) };
  });
}

function padSides(pad: Pad): { front: boolean; back: boolean } {
  let front = false;
  let back = false;
  for (const l of pad.layers) {
    if (l === '*.Cu' || l === 'F&B.Cu') front = back = true;
    else if (l === 'F.Cu') front = true;
    else if (l === 'B.Cu') back = true;
  }
  return { front, back };
}

/** Board, pads and holes of a footprint, or [] when it has nothing to stand on. */
export function boardParts(fp: Footprint, extraBounds?: { min: [number, number, number]; max: [number, number, number] }): MeshPart[] {
  const board = new PartBuilder();
  const copper = new PartBuilder();
  const holes = new PartBuilder();
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const grow = (p: Point) => {
    bounds.minX = Math.min(bounds.minX, p.x);
    bounds.maxX = Math.max(bounds.maxX, p.x);
    bounds.minY = Math.min(bounds.minY, p.y);
    bounds.maxY = Math.max(bounds.maxY, p.y);
  };
  const top = 0;
  const bottom = -BOARD_THICKNESS_MM;
  for (const pad of fp.pads) {
    if (!(pad.size.width > 0 && pad.size.height > 0) || pad.size.width > 500 || pad.size.height > 500) continue;
    // Counter-clockwise on a Y-down screen stays counter-clockwise seen from +Z once Y is flipped.
    const outline = placePad(padOutline(pad), pad);
    outline.forEach(grow);
    const sides = padSides(pad);
    if (pad.type !== 'np_thru_hole') {
      if (sides.front) copper.polygon(outline, top + COPPER_MM);
      if (sides.back) copper.polygon(outline, bottom - COPPER_MM, true);
    }
    if (pad.drill && pad.drill.width > 0) {
      const d = pad.drill;
      const hole = placePad(d.oval ? roundedRect(d.width / 2, d.height / 2, Math.min(d.width, d.height) / 2) : ellipse(d.width / 2, d.width / 2), pad, d.offset);
      holes.walls(hole, bottom - COPPER_MM, top + COPPER_MM, true);
      holes.polygon(hole, top + COPPER_MM + HOLE_LIFT_MM);
      holes.polygon(hole, bottom - COPPER_MM - HOLE_LIFT_MM, true);
    }
  }
  for (const g of fp.graphics) {
    if (g.layer !== 'F.CrtYd' && g.layer !== 'F.Fab') continue;
    const pts = g.kind === 'line' || g.kind === 'rect' ? [g.start, g.end] : g.kind === 'poly' ? g.points : g.kind === 'circle' ? [{ x: g.center.x - g.radius, y: g.center.y - g.radius }, { x: g.center.x + g.radius, y: g.center.y + g.radius }] : [];
    for (const p of pts) grow({ x: p.x, y: -p.y });
  }
  if (extraBounds) {
    grow({ x: extraBounds.min[0], y: extraBounds.min[1] });
    grow({ x: extraBounds.max[0], y: extraBounds.max[1] });
  }
  if (!Number.isFinite(bounds.minX)) return [];
  const x0 = bounds.minX - MARGIN_MM;
  const x1 = bounds.maxX + MARGIN_MM;
  const y0 = bounds.minY - MARGIN_MM;
  const y1 = bounds.maxY + MARGIN_MM;
  const rect: Point[] = [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
  board.polygon(rect, top);
  board.polygon(rect, bottom, true);
  board.walls(rect, bottom, top);
  return [board.part('board', 'board', SOLDER_MASK, 0), copper.part('pads', 'pad', ENIG, 0), holes.part('holes', 'hole', DRILL, 0.6)].filter((p): p is MeshPart => p !== null);
}
